import type { Pebble } from '@cairn/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { customerIdOf, importTest, optionId, pkg, player } from '../../test/fixtures/trails.fixtures';
import { createTestApp, login, type TestApp } from '../../test/harness';

// Anonymous surveys (issue 28, docs/player.md): a trail whose package says `anonymous: true` shares its answers
// without the answerers' names and avatars; coaches see them only when their customer allows it. The pebble's
// §3 share_answers (users, summary) follows the same rule.

let t: TestApp;
type Player = ReturnType<typeof player>;
const as: Record<'learner' | 'rival' | 'coach', Player> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['learner', 'rival', 'coach'] as const)
    as[who] = player(t, (await login(t.app, DEMO_USERS[who].email, DEMO_USERS[who].password)).access_token);
});
afterAll(() => t.close());

const assign = { assign: [DEMO_USERS.learner.email, DEMO_USERS.rival.email, DEMO_USERS.coach.email] };
const survey = (anonymous: boolean, name: string) =>
  pkg({ type: 'survey', name }, [
    '  - name: Drinks',
    '    minerals:',
    '      - { type: sa_text, title: Morning drink, shared: true, values: [Coffee, Tea] }',
  ]).replace('pebbles:', anonymous ? 'anonymous: true\npebbles:' : 'pebbles:');

/** The learner and the rival answer the trail's one poll; returns the pool id. */
async function answered(trailId: number): Promise<number> {
  for (const [who, drink] of [
    ['learner', 'Coffee'],
    ['rival', 'Tea'],
  ] as const) {
    const p = await as[who].pebble(trailId);
    await as[who].ok(p.id, [{ id: p.minerals[0].id, options: [optionId(p, drink)] }]);
  }
  return (await as.learner.pebble(trailId)).poll_pool_id!;
}

const poll = async (who: Player, pool: number) => (await who.get(`/api/polls/${pool}`)).json().data;
const allowCoaches = async (allow: boolean) =>
  t.database.db
    .update(customers)
    .set({ coachesSeeAnonymous: allow })
    .where(eq(customers.id, await customerIdOf(t, 'Acme')));

describe('anonymous surveys', () => {
  it('a learner sees no other answerer’s name, avatar or chat, only their own answer as theirs', async () => {
    const trailId = await importTest(t, survey(true, 'Anonymous drinks'), assign);
    const pool = await answered(trailId);
    const seen = await poll(as.learner, pool);
    expect(seen.anonymous).toBe(true);
    expect(seen.summary.map((s: { value: string; count: number }) => [s.value, s.count])).toEqual([
      ['Coffee', 1],
      ['Tea', 1],
    ]);
    const rivals = seen.answers.find((a: { is_me: boolean }) => !a.is_me);
    expect(rivals).toMatchObject({ id: 0, name: '', avatar: null, discussion_id: null });
    expect(JSON.stringify(seen)).not.toContain('Rico');
    expect(seen.answers.find((a: { is_me: boolean }) => a.is_me)).toMatchObject({ name: 'Lena Learner' });

    // the pebble's share_answers: the same users, the same summary
    const pebble: Pebble = await as.learner.pebble(trailId);
    expect(pebble.share_answers?.users.map((u) => [u.id, u.name, u.is_me])).toEqual(
      seen.answers.map((a: { id: number; name: string; is_me: boolean }) => [a.id, a.name, a.is_me]),
    );
    expect(JSON.stringify(pebble)).not.toContain('Rico');
  });

  it('a coach sees the names only when the customer allows it', async () => {
    const trailId = await importTest(t, survey(true, 'Coached drinks'), assign);
    const pool = await answered(trailId);
    await allowCoaches(false);
    const hidden = await poll(as.coach, pool);
    expect(hidden.anonymous).toBe(true);
    expect(hidden.answers.map((a: { name: string }) => a.name)).toEqual(['', '']);

    await allowCoaches(true);
    try {
      const named = await poll(as.coach, pool);
      expect(named.anonymous).toBe(false);
      expect(named.answers.map((a: { name: string }) => a.name).sort()).toEqual(['Lena Learner', 'Rico Rival']);
      // learners still see none
      expect((await poll(as.rival, pool)).answers.map((a: { name: string }) => a.name).sort()).toEqual([
        '',
        'Rico Rival',
      ]);
    } finally {
      await allowCoaches(false);
    }
  });

  it('a survey without the flag shares names as before; a pebble without a shared mineral has no share_answers', async () => {
    const trailId = await importTest(t, survey(false, 'Named drinks'), assign);
    // not before the viewer has answered: the others' answers would sway theirs
    expect((await as.learner.pebble(trailId)).share_answers).toBeNull();
    const pool = await answered(trailId);
    const seen = await poll(as.learner, pool);
    expect(seen.anonymous).toBe(false);
    expect(seen.answers.map((a: { name: string }) => a.name).sort()).toEqual(['Lena Learner', 'Rico Rival']);
    const pebble: Pebble = await as.learner.pebble(trailId);
    expect(pebble.share_answers?.summary.map((s) => s.count)).toEqual([1, 1]);

    const plain = await importTest(
      t,
      pkg({ name: 'No poll' }, ['  - name: Q', '    minerals:', '      - { type: text_input, title: Say }']),
      assign,
    );
    expect((await as.learner.pebble(plain)).share_answers).toBeNull();
  });
});
