import { type Pebble, uuidV7 } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserId } from '../../db/seed';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { importTest, pkg, player } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

// Soak (docs/offline.md): 200 offline/online cycles of one learner's outbox over a trail, sent as the web's outbox
// sends it (features/offline/sync.ts: in the order made, one at a time, each with its UUID v7 client id), with the
// network and the tab failing on the way: responses lost after the server stored the answer, tabs killed mid-send
// (the outbox, persisted, is sent again from where it was), two tabs sending the same answer at once. At the end
// every answer made is stored exactly once: each id has one receipt, and each mineral holds the last answer made
// for it (an answer lost, or an old one applied again after a newer one, would leave another value).

const CYCLES = 200;
const PEBBLES = 8;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
});
afterAll(() => t.close());

/** A small deterministic PRNG (mulberry32): the same run every time, so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

interface Entry {
  clientId: string;
  pebbleId: number;
  mineralId: number;
  value: string;
}

describe('soak: 200 offline/online/tab-kill cycles of the outbox', () => {
  it('loses none and stores none twice', { timeout: 120_000 }, async () => {
    const steps = Array.from({ length: PEBBLES }, (_, i) => [
      `  - name: Step ${i + 1}`,
      '    minerals:',
      '      - { type: text_input, title: Note }',
    ]).flat();
    const trailId = await importTest(t, pkg({ name: 'Soak trail' }, steps), { assign: [DEMO_USERS.learner.email] });
    // the trail's pebbles in order, as the download holds them
    const res = await player(t, token).get(`/api/offline/trails/${trailId}`);
    const pebbles: Pebble[] = res.json().data.pebbles;
    expect(pebbles).toHaveLength(PEBBLES);

    const rand = random(31);
    const send = (e: Entry) =>
      t.app.inject({
        method: 'POST',
        url: `/api/pebbles/${e.pebbleId}`,
        headers: bearer(token),
        payload: { answers: [{ id: e.mineralId, value: e.value }], action: 'next', client_id: e.clientId },
      });

    // the persisted outbox (what IndexedDB holds), and every answer ever made
    let outbox: Entry[] = [];
    const made: Entry[] = [];
    let n = 0;
    let clock = Date.now() - CYCLES * 10_000;
    const counts = { lost: 0, killed: 0, concurrent: 0, sent: 0 };

    for (let cycle = 0; cycle < CYCLES; cycle++) {
      // offline: one to three answers, in trail order (then again from the start: the pebbles allow changing)
      for (let k = 1 + Math.floor(rand() * 3); k > 0; k--, n++) {
        const pebble = pebbles[n % PEBBLES];
        clock += 1 + Math.floor(rand() * 50);
        const clientId = uuidV7(clock);
        const entry = {
          clientId,
          pebbleId: pebble.id,
          mineralId: pebble.minerals[0].id,
          value: `${cycle}:${clientId}`,
        };
        outbox.push(entry);
        made.push(entry);
      }
      // online: the outbox is sent in order until it is empty, the tab is killed or the network drops
      const queue = [...outbox];
      for (const entry of queue) {
        const roll = rand();
        if (roll < 0.1) {
          counts.killed++;
          break; // the tab is killed before this send: the outbox stays as persisted
        }
        if (roll < 0.25) {
          // the server stores it, the response is lost: the entry stays and is sent again later
          expect((await send(entry)).statusCode).toBe(200);
          counts.lost++;
          break;
        }
        if (roll < 0.35) {
          // two tabs send it at the same moment: one outcome for both
          const [a, b] = await Promise.all([send(entry), send(entry)]);
          expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
          expect(a.body).toBe(b.body);
          counts.concurrent++;
        } else {
          const r = await send(entry);
          expect(r.statusCode, r.body).toBe(200);
        }
        outbox = outbox.filter((e) => e.clientId !== entry.clientId);
        counts.sent++;
      }
    }
    // back for good: what is left goes
    for (const entry of outbox) expect((await send(entry)).statusCode).toBe(200);

    const userId = await demoUserId(t.database.db, DEMO_USERS.learner.email);
    const receipts = await t.database.pool.query(
      'select client_id::text as id, status from answer_receipts where user_id = $1 and pebble_id = any($2::int[])',
      [userId, pebbles.map((x) => x.id)],
    );
    // every answer made has exactly one receipt, accepted (none lost; the primary key keeps one per id)
    expect(receipts.rows).toHaveLength(made.length);
    expect(new Set(receipts.rows.map((r) => r.id))).toEqual(new Set(made.map((e) => e.clientId)));
    expect(receipts.rows.every((r) => r.status === 200)).toBe(true);
    // each mineral holds the last answer made for it: no answer lost, no older one applied again after a newer one
    const stored = await t.database.pool.query(
      'select mineral_id, value from mineral_answers where user_id = $1 and trail_id = $2',
      [userId, trailId],
    );
    const last = new Map<number, string>();
    for (const e of made) last.set(e.mineralId, e.value);
    expect(new Map(stored.rows.map((r) => [r.mineral_id as number, r.value as string]))).toEqual(last);
    // the failures really happened
    expect(counts.lost).toBeGreaterThan(10);
    expect(counts.killed).toBeGreaterThan(10);
    expect(counts.concurrent).toBeGreaterThan(10);
  });
});
