#!/usr/bin/env node
// Coach insight at scale (issue 32, docs/insight.md): one trail of 50 pebbles answered to the end by 10,000 learners.
// `npm run seed -- --learners 10000 --trails 100 --pebbles 50 --started 1` builds the customer; then the first trail's
// attempts are written in bulk (every learner completes it, passing by a learner-dependent rate, one option chosen
// per pebble) with the triggers off, and cairn_insight_rebuild() captures them as the triggers would one at a time.
// Measures: the settling job's time (efficiency, median, moments, thirds over 10,000 attempts), then
// GET /api/coach/insight/{trail_id} one coach at a time and 20 at once, and its CSV. Goal: p95 ≤ 200 ms.
// Usage: node bench/insight.mjs [seconds per case, default 10] [learners, default 10000] [pebbles, default 50]
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { benchDb, cannon, root, startServer } from './_server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const learners = Number(process.argv[3] ?? 10_000);
const pebbles = Number(process.argv[4] ?? 50);
const PG_PORT = process.env.BENCH_PG_PORT ?? '3299';
const name = 'bench-insight';
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

const server = await startServer(name, 3298, { EMBEDDED_PG_PORT: PG_PORT });
let db;
let su;
try {
  // the seed bulk-loads with the triggers off (session_replication_role), which only the superuser may: it signs in as
  // the embedded cluster's superuser (the app's role may not)
  const { superuserPassword } = JSON.parse(readFileSync(`${root}data/${name}/postgres/cairn-secrets.json`, 'utf8'));
  const superUrl = `postgres://postgres:${encodeURIComponent(superuserPassword)}@127.0.0.1:${PG_PORT}/postgres`;
  const args = ['--learners', String(learners), '--trails', '100', '--pebbles', String(pebbles), '--started', '1'];
  const seed = spawnSync('npx', ['tsx', 'src/cli/seed.ts', ...args], {
    cwd: `${root}apps/server`,
    env: { ...process.env, DATA_DIR: `${root}data/${name}`, EMBEDDED_PG_PORT: PG_PORT, DATABASE_URL: superUrl },
    encoding: 'utf8',
  });
  if (seed.status !== 0) throw new Error(`seed failed: ${seed.stderr}`);
  console.log(seed.stdout.trim().split('\n')[0], `(${since()})`);
  db = await benchDb(name);
  // the bulk load below needs the triggers off too
  su = new pg.Client({ connectionString: superUrl });
  await su.connect();
  const {
    rows: [coach],
  } = await db.query("select id, customer_id from users where email = 'coach@initech.example'");
  const {
    rows: [trail],
  } = await db.query('select id from trails where customer_id = $1 order by id limit 1', [coach.customer_id]);
  await su.query('begin');
  await su.query('set local session_replication_role = replica');
  for (const table of ['mineral_answers', 'pebble_states', 'trail_progress']) {
    await su.query(`delete from ${table} where trail_id = $1`, [trail.id]);
  }
  const learnersOf = `select u.id, row_number() over (order by u.id) as k from users u
    where u.customer_id = ${Number(coach.customer_id)} and not u.is_coach`;
  await su.query(
    `insert into trail_progress (user_id, trail_id, tries_used, started_at, completed_at)
     select l.id, $1, 1, now() - interval '2 days', now() - interval '2 days' + (300 + l.k % 900) * interval '1 second'
       from (${learnersOf}) l`,
    [trail.id],
  );
  // learner k passes pebble p when a hash of (k, p) falls under a rate that grows with k: abilities spread out
  await su.query(
    `insert into pebble_states (user_id, pebble_id, trail_id, opened_at, answered_at, passed)
     select l.id, p.id, p.trail_id, now() - interval '2 days' + p.position * interval '5 seconds',
            now() - interval '2 days' + p.position * interval '5 seconds' + interval '4 seconds',
            ((l.k * 7919 + p.position * 104729) % 100) < 15 + (70 * (l.k % 1000)) / 1000
       from (${learnersOf}) l cross join pebbles p where p.trail_id = $1`,
    [trail.id],
  );
  await su.query(
    `insert into mineral_answers (user_id, mineral_id, pebble_id, trail_id, options)
     select s.user_id, m.id, s.pebble_id, s.trail_id,
            jsonb_build_array((select o.id from mineral_options o where o.mineral_id = m.id and o.correct = s.passed
                                order by o.position limit 1))
       from pebble_states s join minerals m on m.pebble_id = s.pebble_id where s.trail_id = $1`,
    [trail.id],
  );
  await su.query('commit');
  const rebuilt = Date.now();
  await su.query('select cairn_insight_rebuild()');
  await su.query('vacuum analyze');
  console.log(`bulk attempts written; cairn_insight_rebuild() took ${((Date.now() - rebuilt) / 1000).toFixed(1)} s`);

  const token = `bench_${randomBytes(24).toString('hex')}`;
  const {
    rows: [session],
  } = await db.query("insert into sessions (user_id, method) values ($1, 'password') returning id", [coach.id]);
  await db.query(
    "insert into auth_tokens (token_hash, session_id, kind, expires_at) values ($1, $2, 'access', now() + interval '1 hour')",
    [createHash('sha256').update(token).digest('hex'), session.id],
  );
  const headers = { authorization: `Bearer ${token}` };
  const url = `${server.base}/api/coach/insight/${trail.id}`;
  const read = async () => (await (await fetch(url, { headers })).json()).data;

  // the first read queues the settling job; time until its figures are there
  const asked = Date.now();
  let data = await read();
  while (data.settled_attempts !== data.summary.attempts) {
    if (Date.now() - asked > 300_000) throw new Error('the settling job did not finish in 5 minutes');
    await new Promise((r) => setTimeout(r, 200));
    data = await read();
  }
  const settleMs = Date.now() - asked;
  const flagged = data.pebbles.filter((p) => p.flags.length > 0).length;
  console.log(
    `trail ${trail.id}: ${data.summary.attempts} attempts × ${data.pebbles.length} pebbles; settled in ${settleMs} ms ` +
      `(alpha ${data.summary.alpha?.toFixed(1)} %, ${flagged} pebbles flagged)`,
  );

  const rows = [];
  for (const [label, path, connections] of [
    ['insight (JSON), 1 connection', url, 1],
    ['insight (JSON), 20 connections', url, 20],
    ['insight (CSV), 1 connection', `${url}/csv`, 1],
  ]) {
    const opts = { url: path, headers, connections };
    await cannon({ ...opts, duration: 1 });
    const r = await cannon({ ...opts, duration: seconds });
    rows.push({
      case: label,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p90 ms': r.latency.p90,
      'p97.5 ms': r.latency.p97_5,
      'p99 ms': r.latency.p99,
      '2xx': r['2xx'],
      non2xx: r.non2xx,
      'KB/resp': Math.round(r.throughput.total / Math.max(1, r['2xx']) / 1024),
      'p95 ≤ 200 ms': r.latency.p90 <= 200 && r.latency.p97_5 <= 200 ? 'yes' : r.latency.p90 <= 200 ? 'p90 yes' : 'no',
    });
  }
  console.table(rows);
  console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
} finally {
  await su?.end();
  await db?.end();
  await server.stop();
}
