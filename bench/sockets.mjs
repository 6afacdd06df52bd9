#!/usr/bin/env node
// Many live sockets on one server process (issue 13 target 4): 10,000 authenticated Socket.IO connections, the
// server's memory per connection, then one NOTIFICATION to every one of them and its delivery time.
// The server runs as `npm start` on a fresh DATA_DIR with the embedded PostgreSQL and the in-memory adapter; the bench
// writes 10,000 Acme users with an access token each straight into the database and opens one websocket per user
// from SOCKET_CLIENTS (default 4) forked client processes (bench/_sockets-client.mjs; at most CONNECT_CONCURRENCY
// handshakes in flight in all), so the sockets' frames are not all decoded on one event loop. The server's RSS (VmRSS
// of its node process) is read before the first and after the last connection (each after 3 s of settling), and the
// growth divided by the count. Then one statement stores a notification for each of the 10,000 users and announces
// it (pg_notify, as the app does); the clients stamp each socket's NOTIFICATION on the clock all processes share
// (performance.timeOrigin + performance.now()). Delivery is counted from the statement's return (its commit: the
// moment PostgreSQL hands the notifications to the server's listener) and, as a second figure, from just before the
// statement (storing the 10,000 rows included). The server's own CPU (its node process) during the fan-out is printed
// too: on a shared machine a steadier figure than latency. SOCKET_ROUNDS (default 3) such notifications, one after
// the other on the same sockets; the verdict takes the round with the median p99.
// Targets: RSS growth ≤ 25 KB per connection, delivery p99 ≤ 250 ms after commit in every round (issue 34: 3 of 3;
// the line was 300 ms before). Needs `ulimit -n` above the count.
// Usage: node bench/sockets.mjs [connections, default 10000]   (BENCH_PORT, SOCKET_CLIENTS, BENCH_CPU_PROF)
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { benchDb, percentile, seedUsers, startServer } from './_server.mjs';

const COUNT = Number(process.argv[2] ?? 10_000);
const CLIENTS = Number(process.env.SOCKET_CLIENTS ?? 4);
const ROUNDS = Number(process.env.SOCKET_ROUNDS ?? 3);
const CLIENT = process.env.SOCKET_CLIENT === 'socket.io' ? 'socket.io' : 'ws';
const CONNECT_CONCURRENCY = 200;

const now = () => performance.timeOrigin + performance.now();
const ms = (v) => (Number.isNaN(v) ? '-' : v.toFixed(1));
const sleep = (t) => new Promise((r) => setTimeout(r, t));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const server = await startServer('bench-sockets', 3297);
const children = [];
let db;

/**
 * The pid of the server's node process: the largest node process of the server's process group (npm and the tsx
 * launcher are node processes of the group too; the one running the app holds the sockets).
 */
function serverPid() {
  let best = [0, 0];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== server.pgid) continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (!/^Name:\s+(node|MainThread)/m.test(status)) continue;
      const rss = Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
      if (rss > best[1]) best = [Number(pid), rss];
    } catch {}
  }
  if (!best[0]) throw new Error('server process not found');
  return best[0];
}
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
/** [user, system] CPU (ms) of one process so far */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [Number(f[11]) * 10, Number(f[12]) * 10];
}

/** the next message of a child that has `key` */
const reply = (child, key) =>
  new Promise((resolve) => {
    const on = (m) => {
      if (!(key in m)) return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
  });

try {
  const { base } = server;
  db = await benchDb('bench-sockets');
  const { users, tokens } = await seedUsers(db, COUNT, 'socket', 'Socket');

  // one connection first, so the engine's own start-up is not counted per connection
  const warm = io(base, { path: '/socket.io', auth: { token: tokens[0] }, transports: ['websocket'] });
  await new Promise((resolve, reject) => {
    warm.once('connect', resolve);
    warm.once('connect_error', reject);
  });
  warm.close();
  const pid = serverPid();
  for (let c = 0; c < CLIENTS; c++) children.push(fork(fileURLToPath(new URL('_sockets-client.mjs', import.meta.url))));
  await sleep(3000);
  const rssBefore = rssKb(pid);

  const t0 = now();
  const shares = children.map((child, c) => {
    child.send({
      connect: {
        base,
        tokens: tokens.filter((_, i) => i % CLIENTS === c),
        concurrency: Math.ceil(CONNECT_CONCURRENCY / CLIENTS),
        client: CLIENT,
      },
    });
    return reply(child, 'connected');
  });
  const opened = await Promise.all(shares);
  const connectSeconds = (now() - t0) / 1000;
  const connected = opened.reduce((n, o) => n + o.connected, 0);
  const connectFailures = opened.reduce((n, o) => n + o.failures, 0);
  await sleep(3000);
  const rssAfter = rssKb(pid);

  /** One NOTIFICATION to everyone: a row per user and its announcement, in one statement (delivered on commit). */
  async function round() {
    await Promise.all(
      children.map((child) => {
        child.send({ arm: true });
        return reply(child, 'armed');
      }),
    );
    const done = Promise.all(children.map((child, c) => (opened[c].connected ? reply(child, 'done') : null)));
    const loadAtSend = load();
    const cpuBefore = cpuMs(pid);
    const sent = now();
    await db.query(
      `with n as (
         insert into notifications (user_id, event, data)
         select unnest($1::int[]), 'NOTIFY_REWARD', '{"bench": true}'::jsonb returning id, user_id)
       select count(pg_notify('cairn_notification', json_build_object('id', id, 'user_id', user_id)::text)) from n`,
      [users.map((u) => u.id)],
    );
    const committed = now();
    await Promise.race([done, sleep(30_000)]);
    const cpu = cpuMs(pid).map((v, i) => v - cpuBefore[i]);
    const reports = await Promise.all(
      children.map((child) => {
        child.send({ report: true });
        return reply(child, 'arrivals');
      }),
    );
    const arrivals = reports.flatMap((r) => r.arrivals).sort((a, b) => a - b);
    const fromCommit = arrivals.map((t) => t - committed);
    const fromStart = arrivals.map((t) => t - sent);
    const disconnects = reports.reduce((n, r) => n + r.disconnects, 0);
    const clientsCpu = reports.reduce((n, r) => n + r.cpuMs, 0);
    await sleep(2000);
    return { arrivals, committed, sent, fromCommit, fromStart, cpu, clientsCpu, disconnects, loadAtSend };
  }
  const rounds = [];
  for (let r = 0; r < ROUNDS; r++) rounds.push(await round());

  const perConnection = ((rssAfter - rssBefore) / Math.max(1, connected)) * 1.024; // KiB → KB
  console.table([
    {
      sockets: `${connected} / ${COUNT}`,
      client: `${CLIENTS} × ${CLIENT}`,
      'connect failures': connectFailures,
      'connect s': connectSeconds.toFixed(1),
      'server RSS before → after MB': `${(rssBefore / 1024).toFixed(0)} → ${(rssAfter / 1024).toFixed(0)}`,
      'KB per connection': perConnection.toFixed(1),
    },
  ]);
  console.table(
    rounds.map((r, i) => ({
      round: i + 1,
      delivered: `${r.arrivals.length} / ${connected}`,
      'statement ms': (r.committed - r.sent).toFixed(0),
      'after commit p50 / p99 / max ms': `${ms(percentile(r.fromCommit, 50))} / ${ms(percentile(r.fromCommit, 99))} / ${ms(percentile(r.fromCommit, 100))}`,
      'from statement p50 / p99 / max ms': `${ms(percentile(r.fromStart, 50))} / ${ms(percentile(r.fromStart, 99))} / ${ms(percentile(r.fromStart, 100))}`,
      'server CPU ms (user + sys)': `${r.cpu[0] + r.cpu[1]} (${r.cpu[0]} + ${r.cpu[1]})`,
      'clients CPU ms': r.clientsCpu.toFixed(0),
      'load at send': r.loadAtSend,
    })),
  );
  const median = [...rounds].sort((a, b) => percentile(a.fromCommit, 99) - percentile(b.fromCommit, 99))[
    (rounds.length - 1) >> 1
  ];
  const { fromCommit, fromStart } = median;
  const disconnects = rounds.at(-1).disconnects;
  const all = rounds.every((r) => r.arrivals.length === connected) && connected === COUNT;
  const p99 = percentile(fromCommit, 99);
  const p99Start = percentile(fromStart, 99);
  const LINE = 250;
  const held = rounds.filter((r) => percentile(r.fromCommit, 99) <= LINE).length;
  console.log(
    `verdict (median round of ${rounds.length}): RSS ≤ 25 KB per connection: ${perConnection.toFixed(1)} ${perConnection <= 25 ? 'PASS' : 'FAIL'};`,
    `delivery p99 ≤ ${LINE} ms after commit: median round ${ms(p99)}, held in ${held} of ${rounds.length} rounds:`,
    `${held === rounds.length && all ? 'PASS' : 'FAIL'}`,
    `(counted from before the statement: ${ms(p99Start)} ${p99Start <= LINE && all ? 'pass' : 'fail'});`,
    `every socket got its notification in every round: ${all ? 'yes' : 'NO'}; disconnects ${disconnects}`,
  );
  console.log(`load average now ${load()}`);
} finally {
  for (const child of children) child.send({ close: true });
  await db?.end();
  await server.stop();
}
