#!/usr/bin/env node
// Chat delivery: 1,000 connected sockets in 100 discussions; a bounded run of messages at a fixed rate.
// Target (issue 8): p99 ≤ 50 ms from POST to the recipients' sockets at 200 messages/s.
// The server runs as `npm start` on a fresh DATA_DIR with the embedded PostgreSQL; the bench adds 1,000 users of
// Acme (each with an access token, written straight into the database) and 100 team discussions of 10 of them,
// opens one socket per user, then POSTs /api/messages as a random member of a random discussion. Each message
// reaches the 10 members' sockets (BROADCAST_NEW_MESSAGE): latency = socket arrival − POST start.
// Usage: node bench/chat.mjs [seconds, default 10] [messages/s, default 200]
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { benchDb, percentile, seedUsers, startServer } from './_server.mjs';

const seconds = Number(process.argv[2] ?? 10);
const rate = Number(process.argv[3] ?? 200);
const USERS = 1000;
const DISCUSSIONS = 100;
const PER = USERS / DISCUSSIONS;

const server = await startServer('bench-chat', 3294);
const sockets = [];
let db;
try {
  const { base } = server;
  db = await benchDb('bench-chat');

  // 1,000 users of Acme with an access token each, and 100 team discussions of 10 members
  const { customerId, users, tokens } = await seedUsers(db, USERS, 'bench', 'Bench');
  const { rows: discussions } = await db.query(
    `insert into discussions (customer_id, type, channel, name)
     select $1, 'team', 'chat', 'Bench ' || i from generate_series(1, $2) i returning id`,
    [customerId, DISCUSSIONS],
  );
  const members = discussions.map((_, i) => users.slice(i * PER, (i + 1) * PER).map((_, j) => i * PER + j));
  await db.query(
    `insert into discussion_participants (discussion_id, user_id)
     select unnest($1::int[]), unnest($2::int[])`,
    [members.flatMap((m, i) => m.map(() => discussions[i].id)), members.flatMap((m) => m.map((k) => users[k].id))],
  );

  // one socket per user
  const arrivals = new Map(); // message id → socket arrival times (ms)
  await Promise.all(
    tokens.map(
      (token) =>
        new Promise((resolve, reject) => {
          const s = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
          s.on('BROADCAST_NEW_MESSAGE', ({ message_id }) => {
            const now = performance.now();
            const list = arrivals.get(message_id);
            if (list) list.push(now);
            else arrivals.set(message_id, [now]);
          });
          s.once('connect', resolve);
          s.once('connect_error', reject);
          sockets.push(s);
        }),
    ),
  );
  console.log(`${sockets.length} sockets connected, ${DISCUSSIONS} discussions of ${PER}`);
  await new Promise((r) => setTimeout(r, 1000));

  const sent = []; // { id, start, postMs }
  let failures = 0;
  async function send(n) {
    const d = n % DISCUSSIONS;
    const sender = members[d][Math.floor(Math.random() * PER)];
    const start = performance.now();
    try {
      const res = await fetch(`${base}/api/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[sender]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: `bench message ${n}`, discussion_id: discussions[d].id }),
      });
      if (res.status !== 200) {
        failures++;
        await res.arrayBuffer();
        return;
      }
      const { data } = await res.json();
      sent.push({ id: data.id, start, postMs: performance.now() - start });
    } catch {
      failures++;
    }
  }

  // warm-up, then the measured run: the number due by now is sent every 5 ms
  await Promise.all(Array.from({ length: 50 }, (_, i) => send(i)));
  sent.length = 0;
  arrivals.clear();
  const total = Math.round(seconds * rate);
  const inFlight = [];
  const t0 = performance.now();
  let n = 0;
  while (n < total) {
    const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate));
    while (n < due) inFlight.push(send(1000 + n++));
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 2000)); // stragglers

  const latencies = [];
  let delivered = 0;
  for (const m of sent) {
    for (const at of arrivals.get(m.id) ?? []) {
      latencies.push(at - m.start);
      delivered++;
    }
  }
  latencies.sort((a, b) => a - b);
  const post = sent.map((m) => m.postMs).sort((a, b) => a - b);
  const pct = (a, p) => (a.length ? percentile(a, p).toFixed(1) : '-');
  console.table([
    {
      case: `POST /api/messages → ${PER} sockets`,
      'target msg/s': rate,
      'msg/s': Math.round(sent.length / elapsed),
      messages: sent.length,
      failed: failures,
      deliveries: `${delivered} / ${sent.length * PER}`,
      'p50 ms': pct(latencies, 50),
      'p99 ms': pct(latencies, 99),
      'max ms': latencies.length ? latencies.at(-1).toFixed(1) : '-',
      'POST p50 ms': pct(post, 50),
      'POST p99 ms': pct(post, 99),
    },
  ]);
  console.log('target: p99 ≤ 50 ms from POST to the recipients’ sockets at 200 messages/s');
} finally {
  for (const s of sockets) s.disconnect();
  await db?.end().catch(() => {});
  await server.stop();
}
