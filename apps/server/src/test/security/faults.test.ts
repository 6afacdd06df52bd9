import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { importTest, pkg } from '../fixtures/trails.fixtures';
import { createTestApp, login, type TestApp } from '../harness';
import { freePort, startServerProcess } from '../server-process';

const PEBBLES = 30;
const PLAYERS = [DEMO_USERS.learner, DEMO_USERS.rival, DEMO_USERS.coach];

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await createTestApp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cairn-faults-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('faults: the server killed under load', () => {
  it('SIGKILL during answer submissions, then a restart: every answer that got a 200 is stored', async () => {
    const pebbles = Array.from({ length: PEBBLES }, (_, i) => [
      `  - name: P${i + 1}`,
      '    minerals:',
      '      - { type: sa_text, title: Pick, values: [a, { value: b, correct: true }] }',
    ]).flat();
    const trailId = await importTest(t, pkg({ type: 'survey', name: 'Fault survey' }, pebbles), {
      assign: PLAYERS.map((p) => p.email),
    });
    const key = await t.database.db.execute<{ pebble_id: number; mineral_id: number; option_id: number }>(sql`
      select p.id as pebble_id, m.id as mineral_id, o.id as option_id
      from pebbles p join minerals m on m.pebble_id = p.id join mineral_options o on o.mineral_id = m.id
      where p.trail_id = ${trailId} and o.value = 'b' order by p.position`);
    const order = key.rows;
    const tokens = await Promise.all(PLAYERS.map(async (p) => (await login(t.app, p.email, p.password)).access_token));

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startServerProcess(t, port, dataDir);
    const acked: { player: number; pebble: number }[] = [];
    let refused = 0;

    /** Answers the player's pebbles in order from `from`; returns where it stopped (the first not acknowledged). */
    async function play(player: number, from: number, stop: () => boolean): Promise<number> {
      let i = from;
      while (i < order.length && !stop()) {
        const k = order[i];
        try {
          const res = await fetch(`${base}/api/pebbles/${k.pebble_id}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens[player]}`, 'content-type': 'application/json' },
            body: JSON.stringify({ answers: [{ id: k.mineral_id, options: [k.option_id] }], action: 'next' }),
          });
          if (res.status === 200) {
            acked.push({ player, pebble: k.pebble_id });
            i++;
          } else if (++refused > 20) throw new Error(`answers refused: ${res.status} ${await res.text()}`);
        } catch (err) {
          if (refused > 20) throw err;
          // the connection died with the server: that answer was not acknowledged
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      return i;
    }

    // three learners answer at once; the process is killed once a third of all answers are acknowledged
    const killAt = Math.floor((PEBBLES * PLAYERS.length) / 3);
    let killed = false;
    const killer = (async () => {
      while (acked.length < killAt) await new Promise((r) => setTimeout(r, 5));
      server.kill('SIGKILL');
      killed = true;
    })();
    const reached = await Promise.all(
      [...PLAYERS.keys()].map((p) => play(p, 0, () => killed)).concat([killer.then(() => 0)]),
    );
    const first = server;
    if (first.exitCode === null && first.signalCode === null) await new Promise((r) => first.once('exit', r));
    const beforeKill = acked.length;
    expect(beforeKill).toBeGreaterThanOrEqual(killAt);

    // every acknowledged answer is in the database, before anything else runs
    const stored = async () =>
      new Set(
        (
          await t.database.db.execute<{ user_id: number; pebble_id: number }>(sql`
            select s.user_id, s.pebble_id from pebble_states s
            where s.trail_id = ${trailId} and s.answered_at is not null`)
        ).rows.map((r) => `${r.user_id}:${r.pebble_id}`),
      );
    const ids = (
      await t.database.db.execute<{ id: number; email: string }>(
        sql`select id, lower(email) as email from users where lower(email) = any(${`{${PLAYERS.map((p) => p.email.toLowerCase()).join(',')}}`}::text[])`,
      )
    ).rows;
    const idOf = (player: number) => ids.find((u) => u.email === PLAYERS[player].email.toLowerCase())!.id;
    const afterKill = await stored();
    const lost = acked.filter((a) => !afterKill.has(`${idOf(a.player)}:${a.pebble}`));
    expect(lost).toEqual([]);

    // a new process on the same database: everyone continues and finishes
    server = await startServerProcess(t, port, dataDir);
    try {
      await Promise.all([...PLAYERS.keys()].map((p) => play(p, reached[p], () => false)));
    } finally {
      server.kill('SIGKILL');
    }
    const end = await stored();
    for (const a of acked) expect(end.has(`${idOf(a.player)}:${a.pebble}`)).toBe(true);
    expect(end.size).toBe(PEBBLES * PLAYERS.length);
    console.info(`faults: ${beforeKill} answers acknowledged before SIGKILL, all ${beforeKill} found stored`);
  }, 120_000);
});
