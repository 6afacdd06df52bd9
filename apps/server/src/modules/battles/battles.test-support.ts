import type { AppNotification, Battle, MineralAnswer, Pebble } from '@cairn/shared';
import { eq, sql } from 'drizzle-orm';
import { roles, userRoles, users } from '../../db/schema';
import { bearer, login, type TestApp } from '../../test/harness';
import { customerIdOf, importTest, optionId, pkg, player } from '../trails/trails.test-support';

/** A battle trail of `n` one-question pebbles ("Q1"… with answer "right"), xp 10 each, assigned to `assign`. */
export async function battleTrail(t: TestApp, assign: string[], n = 3, name = 'Test battle'): Promise<number> {
  const pebbles: string[] = [];
  for (let i = 1; i <= n; i++) {
    pebbles.push(
      `  - name: Q${i}`,
      '    xp: 10',
      '    minerals:',
      `      - { type: sa_text, title: Question ${i}, values: [wrong, { value: right, correct: true }] }`,
    );
  }
  return importTest(t, pkg({ type: 'battle', name }, pebbles), { assign });
}

/** A learner of Acme assigned to nothing yet; returns its e-mail and password. */
export async function makeLearner(t: TestApp, first: string): Promise<{ email: string; password: string; id: number }> {
  const db = t.database.db;
  const email = `${first.toLowerCase()}@example.com`;
  const password = `${first.toLowerCase()}12345`;
  const { hashPassword } = await import('../../lib/password');
  const [u] = await db
    .insert(users)
    .values({
      customerId: await customerIdOf(t, 'Acme'),
      email,
      passwordHash: await hashPassword(password),
      firstname: first,
      lastname: 'Tester',
      termsAcceptedAt: new Date(),
    })
    .returning({ id: users.id });
  const [learnerRole] = await db.select().from(roles).where(eq(roles.name, 'learner'));
  await db.insert(userRoles).values({ userId: u.id, roleId: learnerRole.id });
  return { email, password, id: u.id };
}

/** Battle API calls for one signed-in user, on top of the player calls. */
export async function battler(t: TestApp, email: string, password: string) {
  const token = (await login(t.app, email, password)).access_token;
  const h = bearer(token);
  const p = player(t, token);
  const profile = await t.app.inject({ url: '/api/user/profile', headers: h });
  const id = profile.json().data.id as number;
  return {
    ...p,
    id,
    token,
    contenders: (trailId: number, q = '') => t.app.inject({ url: `/api/game/contenders/${trailId}${q}`, headers: h }),
    challenge: (trailId: number, userId: number) =>
      t.app.inject({ method: 'POST', url: `/api/game/challenge/${trailId}`, headers: h, payload: { user_id: userId } }),
    accept: (id: number) => t.app.inject({ method: 'POST', url: `/api/battle/${id}/accept`, headers: h }),
    decline: (id: number) => t.app.inject({ method: 'POST', url: `/api/battle/${id}/decline`, headers: h }),
    battle: (id: number) => t.app.inject({ url: `/api/battle/${id}`, headers: h }),
    mine: () => t.app.inject({ url: '/api/me/battles', headers: h }),
    async battleData(id: number): Promise<Battle> {
      const res = await t.app.inject({ url: `/api/battle/${id}`, headers: h });
      if (res.statusCode !== 200) throw new Error(`GET battle ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
    /** answers pebble `pebbleId` in the battle, right or wrong */
    async play(battleId: number, trailId: number, pebbleId: number, right: boolean) {
      const pebble: Pebble = await p.pebble(trailId, pebbleId);
      const answers: MineralAnswer[] = [
        { id: pebble.minerals[0].id, options: [optionId(pebble, right ? 'right' : 'wrong')] },
      ];
      return t.app.inject({
        method: 'POST',
        url: `/api/pebbles/${pebbleId}`,
        headers: h,
        payload: { answers, battle_id: battleId, action: 'next' },
      });
    },
    /** plays every remaining pebble of the battle; `right(i)` decides each answer */
    async playAll(battleId: number, right: (i: number) => boolean) {
      for (let i = 0; ; i++) {
        const b: Battle = await this.battleData(battleId);
        if (b.next_pebble_id === null) return b;
        const res = await this.play(battleId, b.trail.id, b.next_pebble_id, right(i));
        if (res.statusCode !== 200) throw new Error(`answer ${res.statusCode} ${res.body}`);
      }
    },
    /** the user's notifications of an event, newest first */
    async notifications(event = 'NOTIFY_BATTLE'): Promise<AppNotification[]> {
      const rows = await t.database.db.execute<{ id: number; event: string; data: Record<string, unknown> }>(
        sql`select id, event, data from notifications where user_id = ${id} and event = ${event} order by id desc`,
      );
      return rows.rows.map((r) => ({ id: r.id, event: r.event, data: r.data, read_at: null, created_at: '' }));
    },
  };
}
export type Battler = Awaited<ReturnType<typeof battler>>;
