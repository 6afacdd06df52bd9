import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { importTest, optionId, pkg, player } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

// The customer admin's privacy setting (docs/admin.md): whether the customer's coaches see who answered its
// anonymous surveys. The demo coach is also Acme's admin; Otto is made Globex's admin.

let t: TestApp;
const tokens: Record<'learner' | 'rival' | 'coach' | 'globexAdmin', string> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.db.update(users).set({ isAdmin: true }).where(eq(users.email, DEMO_USERS.other.email));
  for (const who of ['learner', 'rival', 'coach'] as const)
    tokens[who] = (await login(t.app, DEMO_USERS[who].email, DEMO_USERS[who].password)).access_token;
  tokens.globexAdmin = (await login(t.app, DEMO_USERS.other.email, DEMO_USERS.other.password)).access_token;
});
afterAll(() => t.close());

const getPrivacy = (token: string) => t.app.inject({ url: '/api/admin/privacy', headers: bearer(token) });
const putPrivacy = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/privacy', headers: bearer(token), payload: payload as object });

const survey = pkg({ type: 'survey', name: 'Privacy drinks' }, [
  '  - name: Drinks',
  '    minerals:',
  '      - { type: sa_text, title: Morning drink, shared: true, values: [Coffee, Tea] }',
]).replace('pebbles:', 'anonymous: true\npebbles:');

describe('admin privacy: coaches see who answered anonymous surveys', () => {
  it('is off by default; the admin turns it on and the coach then sees the answerers’ names', async () => {
    expect((await getPrivacy(tokens.coach)).json()).toEqual({ data: { coaches_see_anonymous: false } });
    const trailId = await importTest(t, survey, {
      assign: [DEMO_USERS.learner.email, DEMO_USERS.rival.email, DEMO_USERS.coach.email],
    });
    for (const [who, drink] of [
      ['learner', 'Coffee'],
      ['rival', 'Tea'],
    ] as const) {
      const p = player(t, tokens[who]);
      const pebble = await p.pebble(trailId);
      await p.ok(pebble.id, [{ id: pebble.minerals[0].id, options: [optionId(pebble, drink)] }]);
    }
    const coach = player(t, tokens.coach);
    const pool = (await player(t, tokens.learner).pebble(trailId)).poll_pool_id!;
    const names = async () =>
      ((await coach.get(`/api/polls/${pool}`)).json().data.answers as { name: string }[]).map((a) => a.name).sort();
    expect(await names()).toEqual(['', '']);

    const saved = await putPrivacy(tokens.coach, { coaches_see_anonymous: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ data: { coaches_see_anonymous: true } });
    expect((await getPrivacy(tokens.coach)).json().data.coaches_see_anonymous).toBe(true);
    expect(await names()).toEqual(['Lena Learner', 'Rico Rival']);

    // a Globex admin's change is Globex's own: Acme's stays on
    expect((await putPrivacy(tokens.globexAdmin, { coaches_see_anonymous: false })).statusCode).toBe(200);
    expect((await getPrivacy(tokens.globexAdmin)).json().data.coaches_see_anonymous).toBe(false);
    expect((await getPrivacy(tokens.coach)).json().data.coaches_see_anonymous).toBe(true);
    expect(await names()).toEqual(['Lena Learner', 'Rico Rival']);

    const logged = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'privacy.update'));
    expect(logged.map((l) => l.detail)).toEqual(
      expect.arrayContaining([{ coaches_see_anonymous: true }, { coaches_see_anonymous: false }]),
    );

    expect((await putPrivacy(tokens.coach, { coaches_see_anonymous: false })).statusCode).toBe(200);
    expect(await names()).toEqual(['', '']);
  });

  it('a learner, or a coach who is not an admin, is refused (403)', async () => {
    expect((await getPrivacy(tokens.learner)).statusCode).toBe(403);
    expect((await putPrivacy(tokens.learner, { coaches_see_anonymous: true })).statusCode).toBe(403);
    await t.app.db.update(users).set({ isAdmin: false }).where(eq(users.email, DEMO_USERS.coach.email));
    try {
      expect((await putPrivacy(tokens.coach, { coaches_see_anonymous: true })).statusCode).toBe(403);
      expect((await getPrivacy(tokens.coach)).statusCode).toBe(403);
    } finally {
      await t.app.db.update(users).set({ isAdmin: true }).where(eq(users.email, DEMO_USERS.coach.email));
    }
    expect((await getPrivacy(tokens.coach)).json().data.coaches_see_anonymous).toBe(false);
  });

  it('a body that is not exactly { coaches_see_anonymous: boolean } is refused with field errors (422)', async () => {
    for (const body of [{}, { coaches_see_anonymous: 'yes' }, { coaches_see_anonymous: true, extra: 1 }]) {
      const res = await putPrivacy(tokens.coach, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect((await getPrivacy(tokens.coach)).json().data.coaches_see_anonymous).toBe(false);
  });
});
