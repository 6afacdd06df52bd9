import type { Insight } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { importTest, pkg, player } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';
import { runSettle } from './insight.jobs';
import { foldFunnel } from './insight.repo';

// The drop-off funnel counted without a shared row in the learner's transaction (migration 0027): opening and
// answering a pebble inserts a move of its own; the insight read adds the moves, each insight:settle run folds them in.
const TRAIL = pkg(
  { type: 'exam', name: 'Funnel fixture' },
  ['Q1', 'Q2'].flatMap((q) => [
    `  - name: ${q}`,
    '    minerals:',
    `      - { type: sa_text, title: ${q}, values: [{ value: A, correct: true }, B] }`,
  ]),
);

let t: TestApp;
let trailId: number;
let coach: string;
let learner: string;
beforeAll(async () => {
  t = await createTestApp();
  trailId = await importTest(t, TRAIL, { assign: [DEMO_USERS.learner.email] });
  coach = (await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password)).access_token;
  learner = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
});
afterAll(() => t?.close());

const funnel = async (): Promise<number[][]> => {
  const res = await t.app.inject({ url: `/api/coach/insight/${trailId}`, headers: bearer(coach) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Insight).funnel.map((f) => [f.reached, f.answered]);
};
const moves = async () =>
  Number(
    (
      await t.database.db.execute<{ n: string }>(
        sql`select count(*) as n from insight_funnel_moves where trail_id = ${trailId}`,
      )
    ).rows[0].n,
  );

describe('the drop-off funnel', () => {
  it('a learner opens and answers a pebble while the funnel rows of that pebble are locked: nothing waits', async () => {
    const p = player(t, learner);
    const pebble = await p.pebble(trailId);
    // another transaction holds every funnel row of the trail (as a learner's transaction holding its shard did)
    const holder = await t.database.pool.connect();
    let answered: unknown;
    try {
      await holder.query('begin');
      await holder.query(
        'insert into insight_funnel (pebble_id, shard, trail_id) select id, s, trail_id from pebbles, generate_series(0, 15) s where trail_id = $1 on conflict do nothing',
        [trailId],
      );
      await holder.query('select 1 from insight_funnel where trail_id = $1 for update', [trailId]);
      const option = pebble.minerals[0].properties.values?.find((v) => v.value === 'A');
      // a freeze guard: the answer must not wait for the holder's commit
      answered = await Promise.race([
        p.ok(pebble.id, [{ id: pebble.minerals[0].id, options: [option?.id ?? 0] }]),
        new Promise((resolve) => setTimeout(() => resolve('waited'), 5000)),
      ]);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
    expect(answered).not.toBe('waited');
    // Q1 reached and answered, Q2 reached (opened as the next pebble)
    expect(await funnel()).toEqual([
      [1, 1],
      [1, 0],
    ]);
  });

  it('reads the same counts before and after the moves are folded in, and the tick folds them', async () => {
    const before = await funnel();
    expect(await moves()).toBeGreaterThan(0);
    await runSettle(t.database.db, {});
    expect(await moves()).toBe(0);
    expect(await funnel()).toEqual(before);
    expect(await foldFunnel(t.database.db)).toBe(0);
  });

  it('a rebuild counts the funnel from the pebble states again, the moves not folded yet included once', async () => {
    const p = player(t, learner);
    const pebble = await p.pebble(trailId);
    const option = pebble.minerals[0].properties.values?.find((v) => v.value === 'A');
    await p.ok(pebble.id, [{ id: pebble.minerals[0].id, options: [option?.id ?? 0] }]);
    expect(await moves()).toBeGreaterThan(0);
    await t.database.db.execute(sql`select cairn_insight_rebuild()`);
    expect(await moves()).toBe(0);
    expect(await funnel()).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });
});
