import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Battle } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { battler, battleTrail } from '../../test/fixtures/battles.fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { freePort, startServerProcess } from '../../test/server-process';

const PEBBLES = 24;

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cairn-fault-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Ack = { user: number; pebble: number };

describe('a battle survives the server being killed', () => {
  it('SIGKILL mid-battle, restart: both continue where they were and every acknowledged answer counts', async () => {
    const trailId = await battleTrail(t, [DEMO_USERS.learner.email, DEMO_USERS.rival.email], PEBBLES, 'Fault battle');
    const learner = await battler(t, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
    const rival = await battler(t, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
    const b: Battle = (await rival.challenge(trailId, learner.id)).json().data;
    expect((await learner.accept(b.id)).statusCode).toBe(200);
    // the answer key of the test trail: each pebble's mineral and right option
    const key = await t.database.db.execute<{ pebble_id: number; mineral_id: number; option_id: number }>(sql`
      select p.id as pebble_id, m.id as mineral_id, o.id as option_id
      from pebbles p join minerals m on m.pebble_id = p.id join mineral_options o on o.mineral_id = m.id
      where p.trail_id = ${trailId} and o.value = 'right'`);
    const right = new Map(key.rows.map((r) => [r.pebble_id, { mineral: r.mineral_id, option: r.option_id }]));
    expect(right.size).toBe(PEBBLES);

    const port = await freePort();
    let server = await startServerProcess(t, port, dataDir);
    const acked: Ack[] = [];
    const base = `http://127.0.0.1:${port}`;

    let refused = 0;
    async function playUntil(who: typeof learner, stop: () => boolean): Promise<void> {
      while (!stop()) {
        let battle: Battle;
        try {
          const r = await fetch(`${base}/api/battle/${b.id}`, { headers: { authorization: `Bearer ${who.token}` } });
          if (r.status !== 200) throw new Error(String(r.status));
          battle = ((await r.json()) as { data: Battle }).data;
        } catch {
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        const next = battle.next_pebble_id;
        if (next === null) return;
        const key = right.get(next)!;
        try {
          const r = await fetch(`${base}/api/pebbles/${next}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              answers: [{ id: key.mineral, options: [key.option] }],
              battle_id: b.id,
              action: 'next',
            }),
          });
          if (r.status === 200) acked.push({ user: who.id, pebble: next });
          else if (++refused > 20) throw new Error(`answers refused: ${r.status} ${await r.text()}`);
        } catch (err) {
          if (refused > 20) throw err;
          // the connection died with the server: not acknowledged, so nothing is promised about it
        }
      }
    }

    // both play against the first process; it is killed once a third of the answers are acknowledged
    const killAt = Math.floor((PEBBLES * 2) / 3);
    let killed = false;
    const killer = (async () => {
      while (acked.length < killAt) await new Promise((r) => setTimeout(r, 5));
      server.kill('SIGKILL');
      killed = true;
    })();
    await Promise.all([playUntil(learner, () => killed), playUntil(rival, () => killed), killer]);
    const beforeRestart = acked.length;
    expect(beforeRestart).toBeGreaterThanOrEqual(killAt);
    const first = server;
    if (first.exitCode === null && first.signalCode === null) await new Promise((r) => first.once('exit', r));

    // a new process on the same database: both continue where they were
    server = await startServerProcess(t, port, dataDir);
    try {
      const resumed = await learner.battleData(b.id);
      const learnerAcked = acked.filter((a) => a.user === learner.id).length;
      expect(resumed.status).toBe('accepted');
      expect(resumed.contender.answered).toBeGreaterThanOrEqual(learnerAcked);
      await Promise.all([playUntil(learner, () => false), playUntil(rival, () => false)]);
    } finally {
      server.kill('SIGKILL');
    }

    const end = await learner.battleData(b.id);
    expect(end.status).toBe('finished');
    expect(end.winner_id).toBeNull();
    expect(end.challenger).toMatchObject({ answered: PEBBLES, score: PEBBLES * 10 });
    expect(end.contender).toMatchObject({ answered: PEBBLES, score: PEBBLES * 10 });
    const stored = await t.database.db.execute<{ user_id: number; pebble_id: number }>(
      sql`select user_id, pebble_id from battle_answers where battle_id = ${b.id}`,
    );
    const kept = new Set(stored.rows.map((r) => `${r.user_id}:${r.pebble_id}`));
    for (const a of acked) expect(kept.has(`${a.user}:${a.pebble}`)).toBe(true);
    // one answer per pebble and player, whatever was retried
    expect(stored.rows).toHaveLength(PEBBLES * 2);
  }, 120_000);
});
