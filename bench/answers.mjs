#!/usr/bin/env node
// Answer submission: POST /api/pebbles/{id} at 50 connections on PostgreSQL (the embedded one, fresh DATA_DIR).
// Budget (shared/ARCHITECTURE.md): p99 ≤ 25 ms. Every request is a valid, accepted answer: each connection is
// one learner of its own (a public-link sign-in → the demo exam) re-answering the first pebble, which allows
// changing the answer. The answer is stored, the next pebble opened and presented, as in play.
// Usage: node bench/answers.mjs [seconds, default 10] [connections, default 50]
import { loadavg } from 'node:os';
import { cannon, postJson, startServer } from './_server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const server = await startServer('bench-answers', 3293);

try {
  const { base } = server;
  const learners = [];
  for (let i = 0; i < connections; i++) {
    const { data } = await postJson(`${base}/api/public/login/demo`, {});
    const headers = { authorization: `Bearer ${data.access_token}` };
    const pebble = await fetch(`${base}/api/pebbles/${data.trail_id}`, { headers }).then((r) => r.json());
    const mineral = pebble.data.minerals[0];
    if (!pebble.data.can_change_answer) throw new Error('the first demo pebble must allow changing the answer');
    const paris = mineral.properties.values.find((v) => /paris/i.test(JSON.stringify(v)));
    learners.push({
      path: `/api/pebbles/${pebble.data.id}`,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ answers: [{ id: mineral.id, options: [paris.id] }], action: 'next' }),
    });
  }
  // each connection takes the next learner and keeps it, so one learner never has two answers in flight
  let next = 0;
  const opts = {
    url: base,
    connections,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          context.learner ??= learners[next++ % learners.length];
          return { ...req, ...context.learner };
        },
      },
    ],
  };
  const first = await fetch(base + learners[0].path, { method: 'POST', ...learners[0] });
  if (first.status !== 200) throw new Error(`answer refused: ${first.status} ${await first.text()}`);

  const rows = [];
  await cannon({ ...opts, duration: 1 }); // warm-up
  for (let run = 1; run <= 2; run++) {
    next = 0;
    const cpu0 = server.cpuMs();
    const r = await cannon({ ...opts, duration: seconds });
    const cpu = server.cpuMs() - cpu0;
    rows.push({
      case: `POST /api/pebbles/{id} run ${run}`,
      connections,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'max ms': r.latency.max,
      '2xx': r['2xx'],
      non2xx: r.non2xx,
      errors: r.errors,
      // the server's and its PostgreSQL's CPU per answer: steadier than latency on a shared machine
      'CPU ms/answer': r['2xx'] ? Number((cpu / r['2xx']).toFixed(2)) : null,
    });
  }
  console.table(rows);
  console.log(
    'budget: p99 ≤ 25 ms at 50 connections; load average',
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
  );
} finally {
  await server.stop();
}
