#!/usr/bin/env node
// Offline sync (docs/offline.md): the time to send an outbox of 100 answers made offline, once the network is back.
// The web sends them as features/offline/sync.ts does: in the order they were made, one at a time, each
// POST /api/pebbles/{id} with its UUID v7 client id. Each run is a learner of its own (a public-link sign-in → the
// demo exam) whose outbox holds 100 answers to its first pebble (it allows changing the answer: a learner who
// changed their mind offline). Then the same 100 sent again, as after a lost response: each is answered with its
// first outcome and nothing is stored. Goal: ≤ 5 s at p95 for 100 answers on this machine.
// Usage: node bench/offline-sync.mjs [runs, default 20]
import { execFileSync } from 'node:child_process';
import { percentile, postJson, startServer } from './_server.mjs';

/** A UUID v7 made at `ms` (packages/shared/src/uuid-v7.ts, which plain node cannot import: TypeScript). */
function uuidV7(ms) {
  const b = crypto.getRandomValues(new Uint8Array(16));
  for (let i = 5, t = ms; i >= 0; i--, t = Math.floor(t / 256)) b[i] = t % 256;
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Buffer.from(b).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const runs = Number(process.argv[2] ?? 20);
const ANSWERS = 100;
const GOAL_P95_MS = 5000;
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const uptimeBefore = uptime();
const server = await startServer('bench-offline-sync', 3294);

/** Sends the outbox in order; resolves with the ms it took and the statuses. */
async function send(base, outbox) {
  const start = performance.now();
  const statuses = [];
  for (const a of outbox) {
    const res = await fetch(`${base}${a.path}`, { method: 'POST', headers: a.headers, body: a.body });
    statuses.push(res.status);
    await res.arrayBuffer();
  }
  return { ms: performance.now() - start, statuses };
}

try {
  const { base } = server;
  const first = [];
  const again = [];
  for (let run = 0; run < runs; run++) {
    const { data } = await postJson(`${base}/api/public/login/demo`, {});
    const headers = { authorization: `Bearer ${data.access_token}`, 'content-type': 'application/json' };
    const pebble = await fetch(`${base}/api/pebbles/${data.trail_id}`, { headers }).then((r) => r.json());
    const mineral = pebble.data.minerals[0];
    const options = mineral.properties.values.map((v) => v.id);
    // made offline over the last minutes: ids in the order they were made
    const madeFrom = Date.now() - ANSWERS * 1000;
    const outbox = Array.from({ length: ANSWERS }, (_, i) => ({
      path: `/api/pebbles/${pebble.data.id}`,
      headers,
      body: JSON.stringify({
        answers: [{ id: mineral.id, options: [options[i % options.length]] }],
        action: 'next',
        client_id: uuidV7(madeFrom + i * 1000),
      }),
    }));
    const sent = await send(base, outbox);
    const resent = await send(base, outbox);
    const bad = [...sent.statuses, ...resent.statuses].filter((s) => s !== 200);
    if (bad.length > 0) throw new Error(`run ${run}: ${bad.length} answers not accepted (${bad.slice(0, 3)})`);
    first.push(sent.ms);
    again.push(resent.ms);
  }
  const row = (what, list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return {
      what,
      runs: list.length,
      'p50 ms': Math.round(percentile(sorted, 50)),
      'p95 ms': Math.round(percentile(sorted, 95)),
      'max ms': Math.round(sorted[sorted.length - 1]),
      'ms per answer (p50)': +(percentile(sorted, 50) / ANSWERS).toFixed(1),
    };
  };
  console.table([row(`${ANSWERS} pending answers sent`, first), row(`the same ${ANSWERS} sent again`, again)]);
  const p95 = percentile(
    [...first].sort((a, b) => a - b),
    95,
  );
  console.log(`goal: ${ANSWERS} answers in ≤ ${GOAL_P95_MS} ms at p95: ${p95 <= GOAL_P95_MS ? 'met' : 'NOT met'}`);
  console.log(`uptime before: ${uptimeBefore}\nuptime after:  ${uptime()}`);
} finally {
  await server.stop();
}
