import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness';
import { createAnswerBatcher } from './answers.batch';
import type { AnswerWrite } from './answers.store';

// Group commit (answers.batch.ts, docs/performance.md Round 13): several learners' answers in one transaction.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A public learner of the demo exam with its first pebble open, and the write of an answer to it. */
async function learnerWrite(): Promise<AnswerWrite> {
  const login = (await t.app.inject({ method: 'POST', url: '/api/public/login/demo' })).json().data;
  const headers = bearer(login.access_token);
  const pebble = (await t.app.inject({ method: 'GET', url: `/api/pebbles/${login.trail_id}`, headers })).json().data;
  const profile = (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json().data;
  const {
    rows: [trail],
  } = await t.database.pool.query('select name, customer_id from trails where id = $1', [login.trail_id]);
  const mineral = pebble.minerals[0];
  return {
    userId: profile.id,
    pebbleId: pebble.id,
    trailId: login.trail_id,
    trailName: trail.name,
    customerId: trail.customer_id,
    publicTrailId: login.trail_id,
    startsOn: null,
    dueOn: null,
    nextId: pebble.id,
    passed: true,
    canChange: true,
    answers: [{ mineralId: mineral.id, options: [mineral.properties.values[0].id], value: null, mediaId: null }],
    answeredAt: new Date(),
    triesUsed: 0,
    fingerprint: '',
    completed: false,
    rewardKeys: [],
    certificateTitle: null,
  };
}

const answersOf = async (userIds: number[]) =>
  (
    await t.database.pool.query(
      'select user_id, count(*)::int n from mineral_answers where user_id = any($1) group by user_id order by user_id',
      [userIds],
    )
  ).rows.map((r) => [r.user_id, r.n]);

describe('answers stored together (group commit)', () => {
  it('answers that arrive while every lane is busy share one transaction, and each is stored once', async () => {
    const writes = await Promise.all(Array.from({ length: 8 }, learnerWrite));
    const batcher = createAnswerBatcher(t.database.db, 1);
    const stored = await Promise.all(writes.map((w) => batcher.store(w)));
    // the first runs alone at once; the 7 that queued behind it go in one transaction
    expect(batcher.stats).toEqual({ answers: 8, transactions: 2, batched: 7 });
    expect(stored.every((s) => s.fresh && s.stored)).toBe(true);
    expect(await answersOf(writes.map((w) => w.userId))).toEqual(
      writes.map((w) => [w.userId, 1]).sort((a, b) => a[0] - b[0]),
    );
  });

  it("one answer's failure is not another's: the batch is rolled back and each answer runs again alone", async () => {
    const writes = await Promise.all(Array.from({ length: 4 }, learnerWrite));
    // a mineral that does not exist: its insert breaks the foreign key, inside the batch and alone
    const bad = { ...writes[2], answers: [{ ...writes[2].answers[0], mineralId: 2_000_000_000 }] };
    const batcher = createAnswerBatcher(t.database.db, 1);
    const outcomes = await Promise.allSettled([writes[0], writes[1], bad, writes[3]].map((w) => batcher.store(w)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    // the three others stored once each; nothing of the failed one (its pebble state not answered either)
    expect(await answersOf(writes.map((w) => w.userId))).toEqual(
      [writes[0], writes[1], writes[3]].map((w) => [w.userId, 1]).sort((a, b) => a[0] - b[0]),
    );
    const {
      rows: [state],
    } = await t.database.pool.query('select answered_at from pebble_states where user_id = $1 and pebble_id = $2', [
      bad.userId,
      bad.pebbleId,
    ]);
    expect(state.answered_at).toBeNull();
  });

  it('two answers of one learner in one batch: the second finds the states changed and writes nothing', async () => {
    const [w, other] = await Promise.all([learnerWrite(), learnerWrite()]);
    const batcher = createAnswerBatcher(t.database.db, 1);
    const [, a, b] = await Promise.all([other, w, { ...w }].map((x) => batcher.store(x)));
    expect(batcher.stats.batched).toBe(2);
    expect([a.fresh, b.fresh]).toEqual([true, false]);
  });

  it('a batch is written to PostgreSQL at once (BEGIN, its statements, COMMIT) and its connection goes back as it was', async () => {
    const writes = await Promise.all(Array.from({ length: 6 }, learnerWrite));
    const pool = t.database.pool;
    const connect = pool.connect;
    // what each statement of the batch's connection was sent as: pipelined (written without waiting for the
    // previous result) or not; the pool's own use of connect (a callback) is left alone
    const sent: { what: string; piped: boolean }[] = [];
    const clients = new Set<pg.PoolClient>();
    pool.connect = function (this: pg.Pool, ...args: unknown[]) {
      if (args.length > 0) return (connect as (...a: unknown[]) => unknown).apply(this, args);
      return (connect as () => Promise<pg.PoolClient>).call(this).then((client) => {
        clients.add(client);
        const query = client.query;
        client.query = function (this: pg.PoolClient, ...q: unknown[]) {
          const c = q[0] as string | { name?: string; text: string };
          sent.push({ what: typeof c === 'string' ? c : (c.name ?? c.text), piped: client.pipeline });
          return (query as (...a: unknown[]) => unknown).apply(this, q);
        } as typeof client.query;
        return client;
      });
    } as typeof pool.connect;
    try {
      const batcher = createAnswerBatcher(t.database.db, 1);
      const stored = await Promise.all(writes.map((w) => batcher.store(w)));
      expect(stored.every((s) => s.fresh && s.stored)).toBe(true);
      expect(batcher.stats).toEqual({ answers: 6, transactions: 2, batched: 5 });
    } finally {
      pool.connect = connect;
      for (const client of clients) delete (client as { query?: unknown }).query;
    }
    expect(sent).toEqual([
      { what: 'begin', piped: true },
      ...Array.from({ length: 5 }, () => ({ what: 'cairn_store_answer', piped: true })),
      { what: 'commit', piped: true },
    ]);
    // back in the pool in its ordinary mode: a transaction that reads before it writes works on it as before
    for (const client of clients) expect(client.pipeline).toBe(false);
    expect(await answersOf(writes.map((w) => w.userId))).toEqual(
      writes.map((w) => [w.userId, 1]).sort((a, b) => a[0] - b[0]),
    );
  });
});
