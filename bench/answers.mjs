#!/usr/bin/env node
// Answer submission: POST /api/pebbles/{id} at 50 connections on PostgreSQL (the embedded one, fresh DATA_DIR).
// Budget (shared/ARCHITECTURE.md): p99 ≤ 25 ms. Every request is a valid, accepted answer: each connection is
// one learner of its own (a public-link sign-in → the demo exam) re-answering the first pebble, which allows
// changing the answer. The answer is stored, the next pebble opened and presented, as in play.
// Besides latency it prints the CPU per answer split by program (the server's node, its PostgreSQL, the load
// generator — this process), the server's event-loop utilisation and delay, and PostgreSQL's own counts per answer
// (transactions: 2 per answer unless the guard made it decide again; WAL flushes: below 1 when commits share one).
// Then the same load on the floor twin (_server.mjs startBareAnswer: the same two round trips and a durable commit,
// nothing else) on the same PostgreSQL: what is left to gain in the app's code, and what this machine allows at all;
// and on the twin with the same writes in one statement: what a round trip less buys.
// Usage: node bench/answers.mjs [seconds, default 10] [connections, default 50]
import { execFileSync } from 'node:child_process';
import { benchDb, benchDbUrl, cannon, cpuDelta, paced, postJson, startBareAnswer, startServer } from './_server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 50);
const BUDGET_P99 = 25;
// the open-loop case (issue 34): answers at a fixed rate, spread over the learners in turn; goal p99 ≤ 25 ms
const RATE = Number(process.env.BENCH_ANSWER_RATE ?? 500);
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const uptimeBefore = uptime();
// BENCH_PG_PORT: the embedded PostgreSQL's port (else the server's default)
const pgPort = process.env.BENCH_PG_PORT ? { EMBEDDED_PG_PORT: process.env.BENCH_PG_PORT } : {};
const server = await startServer('bench-answers', 3293, { loop: true, ...pgPort });
const db = await benchDb('bench-answers');

/** PostgreSQL's counters: committed transactions of the database and WAL flushes (pg_stat_io, PostgreSQL ≥ 16). */
async function pgCounters() {
  const {
    rows: [r],
  } =
    await db.query(`select (select xact_commit + xact_rollback from pg_stat_database where datname = 'postgres') as xacts,
      (select coalesce(sum(fsyncs), 0) from pg_stat_io where object = 'wal') as flushes,
      (select coalesce(sum(writes), 0) from pg_stat_io where object = 'wal') as writes`);
  return { xacts: Number(r.xacts), flushes: Number(r.flushes), writes: Number(r.writes) };
}

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
  const floor = await startBareAnswer(
    Number(process.env.BENCH_FLOOR_PORT ?? server.port + 1),
    benchDbUrl('bench-answers'),
  );
  // node: the process that served (the server or the twin); pg: the embedded PostgreSQL, which serves both
  const targets = [
    { name: 'run 1', url: base, node: server },
    { name: 'run 2', url: base, node: server },
    { name: 'floor twin', url: floor.base, node: floor },
    { name: 'twin, 1 statement', url: floor.base, node: floor, prefix: '/one' },
  ];
  await cannon({ ...opts, url: floor.base, duration: 1 }); // its warm-up
  for (const target of targets) {
    next = 0;
    const node0 = target.node.cpuSnapshot();
    const pg0 = server.cpuSnapshot();
    const counts0 = await pgCounters();
    const self0 = process.cpuUsage();
    const t0 = Date.now();
    const requests = target.prefix
      ? [
          {
            method: 'POST',
            setupRequest: (req, ctx) => ({
              ...opts.requests[0].setupRequest(req, ctx),
              path: target.prefix + ctx.learner.path,
            }),
          },
        ]
      : opts.requests;
    const r = await cannon({ ...opts, requests, url: target.url, duration: seconds });
    const t1 = Date.now();
    const self = process.cpuUsage(self0);
    const node = cpuDelta(node0, target.node.cpuSnapshot()).node;
    const pg = cpuDelta(pg0, server.cpuSnapshot()).postgres;
    const counts1 = await pgCounters();
    const n = r['2xx'] || Number.NaN;
    const per = (ms) => Number((ms / n).toFixed(2));
    const loop = target.url === base ? server.loop(t0, t1) : null;
    rows.push({
      case: target.name,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'max ms': r.latency.max,
      '2xx': r['2xx'],
      non2xx: r.non2xx,
      errors: r.errors,
      // CPU per answer: steadier than latency on a shared machine (other work delays requests, adds no CPU to them)
      'CPU node': per(node),
      'CPU pg': per(pg),
      'CPU bench': per((self.user + self.system) / 1000),
      'loop util': loop ? Number(loop.elu.toFixed(2)) : null,
      'loop delay p99 ms': loop?.delayP99 ?? null,
      'xacts/answer': Number(((counts1.xacts - counts0.xacts) / n).toFixed(2)),
      'WAL flushes/answer': Number(((counts1.flushes - counts0.flushes) / n).toFixed(2)),
    });
  }
  console.table(rows);
  // the open loop: RATE answers a second, evenly spaced, learner after learner (each learner's answers are
  // connections/RATE s apart, so one learner has no two answers in flight unless an answer takes that long)
  const pacedRows = [];
  for (const [name, url, node] of [
    [`app at ${RATE}/s`, base, server],
    [`floor twin at ${RATE}/s`, floor.base, floor],
  ]) {
    const request = (i) => {
      const l = learners[i % learners.length];
      return { method: 'POST', path: l.path, headers: l.headers, body: l.body };
    };
    await paced({ url, rate: RATE, duration: 1, connections, request }); // warm-up
    const node0 = node.cpuSnapshot();
    const t0 = Date.now();
    const r = await paced({ url, rate: RATE, duration: seconds, connections, request });
    const t1 = Date.now();
    const n = r['2xx'] || Number.NaN;
    const loop = url === base ? server.loop(t0, t1) : null;
    pacedRows.push({
      case: name,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'max ms': r.latency.max,
      '2xx': r['2xx'],
      non2xx: r.non2xx,
      errors: r.errors,
      'CPU node': Number((cpuDelta(node0, node.cpuSnapshot()).node / n).toFixed(2)),
      'loop delay p99 ms': loop?.delayP99 ?? null,
    });
  }
  console.table(pacedRows);
  const open = pacedRows[0];
  console.log(
    `verdict (open loop): p99 ${open['p99 ms']} ms at ${RATE} answers/s — ${open['p99 ms'] <= BUDGET_P99 && open.non2xx === 0 && open.errors === 0 ? 'MET' : 'NOT MET'} (goal ≤ ${BUDGET_P99} ms)`,
  );
  const app = rows.slice(0, 2);
  const twinRps = rows[2]['req/s'];
  console.log(
    `verdict (throughput): ${app.map((r) => (r['req/s'] / twinRps).toFixed(2)).join(' / ')} × the floor twin's ${twinRps} answers/s — ` +
      `${Math.max(...app.map((r) => r['req/s'])) >= twinRps ? 'MET' : 'NOT MET'} (goal ≥ 1.0×)`,
  );
  const worst = Math.max(...app.map((r) => r['p99 ms']));
  const total = app.map((r) => (r['CPU node'] + r['CPU pg'] + r['CPU bench']).toFixed(2)).join(' / ');
  console.log(
    `verdict: p99 ${worst} ms at ${connections} connections — ${worst <= BUDGET_P99 ? 'MET' : 'NOT MET'} (budget ≤ ${BUDGET_P99} ms)`,
  );
  console.log(
    `CPU ms per answer, all three (node + pg + bench): ${total}; at ${connections} connections p99 ≤ ${BUDGET_P99} ms` +
      ` needs ≥ ${Math.round((connections * 1000) / BUDGET_P99)} answers/s, i.e. ≤ ${((2 * BUDGET_P99) / connections).toFixed(2)} ms of CPU per answer on 2 cores`,
  );
  for (const [f, what] of [
    [rows[2], 'floor twin (two round trips + a durable commit, nothing else)'],
    [rows[3], 'floor twin in one statement (one round trip + a durable commit)'],
  ]) {
    console.log(
      `${what}: ${f['req/s']} req/s, p99 ${f['p99 ms']} ms, CPU per answer` +
        ` ${(f['CPU node'] + f['CPU pg'] + f['CPU bench']).toFixed(2)} ms (node ${f['CPU node']}, pg ${f['CPU pg']}, bench ${f['CPU bench']})`,
    );
  }
  console.log(`uptime before: ${uptimeBefore}\nuptime after:  ${uptime()}`);
  await floor.stop();
} finally {
  await db.end();
  await server.stop();
}
