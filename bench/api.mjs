#!/usr/bin/env node
// API throughput: a bare Fastify route, the app's hot read endpoints, and for each authenticated read its
// bare-SQL twin (token check + read in one prepared statement, _server.mjs startBareSql), measured in the same run
// on loopback at 50 connections. Targets: a static read ≥ 0.5× the bare route; an authenticated read ≥ 0.8× its
// bare-SQL twin (issue: the hot paths at the speed of their SQL).
// Usage: node bench/api.mjs [seconds per case, default 10]
import { loadavg } from 'node:os';
import { cannon, postJson, startBare, startBareSql, startServer } from './_server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const PG_PORT = 3295;
const bare = await startBare(3292);
const server = await startServer('bench', 3291, { EMBEDDED_PG_PORT: String(PG_PORT) });
const sqlTwin = await startBareSql(3293, `postgres://postgres:cairn-local@127.0.0.1:${PG_PORT}/postgres`);

try {
  const { base } = server;
  const login = await postJson(`${base}/api/login`, {
    username: 'coach@example.com',
    password: 'coach123',
    accepted: true,
  });
  const auth = { authorization: `Bearer ${login.data.access_token}` };

  const cases = [
    ['bare Fastify route', { url: bare.url }],
    ['GET /api/languages/supported', { url: `${base}/api/languages/supported` }],
    ['GET /api/countries/all', { url: `${base}/api/countries/all` }],
    ['bare SQL: token + profile', { url: `${sqlTwin.base}/profile`, headers: auth }],
    ['GET /api/user/profile (bearer)', { url: `${base}/api/user/profile`, headers: auth }],
    ['bare SQL: token + trails with progress', { url: `${sqlTwin.base}/games`, headers: auth }],
    ['GET /api/games (bearer)', { url: `${base}/api/games`, headers: auth }],
  ];
  // sign-ins beside a read (issue 13 item 7): scrypt runs on one low-priority thread, so the read's p99 should hold
  const SIGN_INS_PER_SECOND = 20;
  let signIns = 0;
  let signInFailures = 0;
  const signInMs = [];
  async function besideSignIns(run) {
    let stop = false;
    const t0 = Date.now();
    const loop = (async () => {
      while (!stop) {
        const due = Math.floor(((Date.now() - t0) / 1000) * SIGN_INS_PER_SECOND);
        while (signIns < due) {
          signIns++;
          const started = performance.now();
          postJson(`${base}/api/login`, { username: 'coach@example.com', password: 'coach123', accepted: true }).then(
            () => signInMs.push(performance.now() - started),
            () => signInFailures++,
          );
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    try {
      return await run();
    } finally {
      stop = true;
      await loop;
      // the sign-ins still in flight finish (they queue for the hashing thread)
      const end = Date.now() + 30_000;
      while (signInMs.length + signInFailures < signIns && Date.now() < end)
        await new Promise((r) => setTimeout(r, 50));
    }
  }
  const profileOpts = { url: `${base}/api/user/profile`, headers: auth };
  cases.push([`GET /api/user/profile with ${SIGN_INS_PER_SECOND} sign-ins/s beside`, profileOpts, besideSignIns]);

  // BENCH_ONLY=a,b: only the cases whose name contains one of these (the first, the bare route, always runs)
  const only = process.env.BENCH_ONLY?.split(',');
  const chosen = only ? cases.filter(([name], i) => i === 0 || only.some((o) => name.includes(o))) : cases;
  const rows = [];
  for (const [name, opts, around = (run) => run()] of chosen) {
    // a short warm-up so the JIT and the pool's connections are not part of the figure
    await cannon({ ...opts, duration: 1 });
    const r = await around(() => cannon({ ...opts, duration: seconds }));
    rows.push({
      case: name,
      'req/s': Math.round(r.requests.average),
      'p99 ms': r.latency.p99,
      '2xx': r['2xx'],
      non2xx: r.non2xx,
      errors: r.errors,
    });
  }
  const bareRps = rows[0]['req/s'];
  for (const row of rows) row['× bare'] = (row['req/s'] / bareRps).toFixed(2);
  const twin = (name) => rows.find((r) => r.case === name)?.['req/s'];
  const verdicts = [
    ['GET /api/user/profile (bearer)', 'bare SQL: token + profile'],
    ['GET /api/games (bearer)', 'bare SQL: token + trails with progress'],
  ]
    .filter(([route, sql]) => twin(route) && twin(sql))
    .map(([route, sql]) => {
      const ratio = twin(route) / twin(sql);
      return { route, '× bare SQL': ratio.toFixed(2), target: '≥ 0.80', verdict: ratio >= 0.8 ? 'pass' : 'FAIL' };
    });
  const plain = rows.find((r) => r.case === 'GET /api/user/profile (bearer)')?.['p99 ms'];
  const beside = rows.find((r) => r.case.includes('sign-ins/s'))?.['p99 ms'];
  if (plain !== undefined && beside !== undefined)
    verdicts.push({
      route: `profile p99 with ${SIGN_INS_PER_SECOND} sign-ins/s (${signIns} sent)`,
      '× bare SQL': `${beside} ms vs ${plain} ms`,
      target: '≤ 1.2× (+2 ms)',
      verdict: beside <= plain * 1.2 + 2 ? 'pass' : 'FAIL',
    });
  console.table(rows);
  console.table(verdicts);
  if (signIns > 0) {
    const sorted = signInMs.sort((a, b) => a - b);
    const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN);
    console.log(
      `sign-ins beside the read: ${signIns} sent, ${sorted.length} accepted, ${signInFailures} failed;`,
      `latency p50 ${at(0.5)} ms, p99 ${at(0.99)} ms; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  }
} finally {
  await sqlTwin.stop();
  await server.stop();
  await bare.stop();
}
