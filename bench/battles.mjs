#!/usr/bin/env node
// Battles at scale (issue 9): 500 battles played at once by 1,000 players over HTTP, each with a socket.
// The server runs as `npm start` on a fresh DATA_DIR with the embedded PostgreSQL; the bench adds 1,000 users of
// Acme assigned to the demo battle trail (each with an access token, written straight into the database) and
// opens one socket per user. Then, with at most CONCURRENCY requests in flight: 500 challenges (challenger →
// contender), 500 acceptances, and both players of every battle answer its pebbles through POST /api/pebbles with
// battle_id (the server decides the points). Reported: answer latency, and notification delivery from the POST
// that causes it to the other player's socket (NOTIFICATION for a challenge, BATTLE_UPDATE for an answer).
// Usage: node bench/battles.mjs [concurrency, default 100]
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { benchDb, percentile, seedUsers, startServer } from './_server.mjs';

const CONCURRENCY = Number(process.argv[2] ?? 100);
const PLAYERS = 1000;
const BATTLES = PLAYERS / 2;

const server = await startServer('bench-battles', 3295);
const sockets = [];
let db;
const pct = (a, p) => (a.length ? percentile(a, p).toFixed(1) : '-');

/** Runs `tasks` with at most `limit` in flight. */
async function bounded(tasks, limit) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) await tasks[next++]();
    }),
  );
}

try {
  const { base } = server;
  db = await benchDb('bench-battles');
  const { customerId, users, tokens } = await seedUsers(db, PLAYERS, 'battler', 'Battler');
  const {
    rows: [trail],
  } = await db.query("select id from trails where customer_id = $1 and type = 'battle' order by id limit 1", [
    customerId,
  ]);
  await db.query('insert into trail_assignments (trail_id, user_id) select $1, unnest($2::int[])', [
    trail.id,
    users.map((u) => u.id),
  ]);
  // an answer per pebble: the first option of each mineral (order: every option, as listed)
  const { rows: minerals } = await db.query(
    `select p.id as pebble_id, m.id, m.type, array_agg(o.id order by o.position) as options
     from pebbles p join minerals m on m.pebble_id = p.id join mineral_options o on o.mineral_id = m.id
     where p.trail_id = $1 group by p.id, p.position, m.id order by p.position, m.id`,
    [trail.id],
  );
  const answerOf = new Map();
  for (const m of minerals) {
    const list = answerOf.get(m.pebble_id) ?? [];
    list.push({ id: m.id, options: m.type === 'order' ? m.options : [m.options[0]] });
    answerOf.set(m.pebble_id, list);
  }
  const pebbles = [...answerOf.keys()];

  // one socket per player; arrival times per (user, event key)
  const arrivals = new Map();
  const arrived = (key) => arrivals.set(key, performance.now());
  const updates = new Map(); // `u:${user}:${battle}` → arrival times
  await Promise.all(
    tokens.map(
      (token, i) =>
        new Promise((resolve, reject) => {
          const s = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
          s.on('NOTIFICATION', () => arrived(`n:${i}`));
          s.on('BATTLE_UPDATE', ({ battle_id }) => {
            const key = `u:${i}:${battle_id}`;
            const list = updates.get(key) ?? [];
            list.push(performance.now());
            updates.set(key, list);
          });
          s.once('connect', resolve);
          s.once('connect_error', reject);
          sockets.push(s);
        }),
    ),
  );
  console.log(`${sockets.length} sockets connected; ${BATTLES} battles of ${pebbles.length} pebbles`);
  await new Promise((r) => setTimeout(r, 1000));

  const post = async (i, url, body) => {
    const start = performance.now();
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    const json = await res.json().catch(() => null);
    return { status: res.status, json, start, ms: performance.now() - start };
  };

  let failures = 0;
  const t0 = performance.now();
  // challenges: player 2k challenges player 2k+1; delivery = contender's NOTIFICATION − POST start
  const battleIds = new Array(BATTLES);
  const challengeDelivery = [];
  await bounded(
    Array.from({ length: BATTLES }, (_, k) => async () => {
      const r = await post(2 * k, `/api/game/challenge/${trail.id}`, { user_id: users[2 * k + 1].id });
      if (r.status !== 201) return void failures++;
      battleIds[k] = r.json.data.id;
      for (let w = 0; w < 200 && !arrivals.has(`n:${2 * k + 1}`); w++) await new Promise((x) => setTimeout(x, 5));
      const at = arrivals.get(`n:${2 * k + 1}`);
      if (at) challengeDelivery.push(at - r.start);
    }),
    CONCURRENCY,
  );
  await bounded(
    Array.from({ length: BATTLES }, (_, k) => async () => {
      const r = await post(2 * k + 1, `/api/battle/${battleIds[k]}/accept`);
      if (r.status !== 200) failures++;
    }),
    CONCURRENCY,
  );

  // both players of every battle answer every pebble, interleaved across battles
  const answerMs = [];
  const updateDelivery = [];
  const tasks = [];
  for (const pebble of pebbles)
    for (let k = 0; k < BATTLES; k++)
      for (const side of [0, 1])
        tasks.push(async () => {
          const me = 2 * k + side;
          const other = 2 * k + 1 - side;
          const r = await post(me, `/api/pebbles/${pebble}`, {
            answers: answerOf.get(pebble),
            battle_id: battleIds[k],
            action: 'next',
          });
          if (r.status !== 200) return void failures++;
          answerMs.push(r.ms);
          const key = `u:${other}:${battleIds[k]}`;
          for (let w = 0; w < 200; w++) {
            const hit = (updates.get(key) ?? []).find((at) => at >= r.start);
            if (hit !== undefined) {
              updateDelivery.push(hit - r.start);
              return;
            }
            await new Promise((x) => setTimeout(x, 5));
          }
        });
  const a0 = performance.now();
  await bounded(tasks, CONCURRENCY);
  const answerSeconds = (performance.now() - a0) / 1000;
  const elapsed = (performance.now() - t0) / 1000;

  const {
    rows: [done],
  } = await db.query(
    "select count(*) filter (where status = 'finished')::int as finished, count(*)::int as total from battles where id = any($1::int[])",
    [battleIds.filter(Boolean)],
  );
  for (const a of [answerMs, challengeDelivery, updateDelivery]) a.sort((x, y) => x - y);
  console.table([
    {
      case: `${BATTLES} battles, ${PLAYERS} players, ≤ ${CONCURRENCY} requests in flight`,
      'battles finished': `${done.finished} / ${done.total}`,
      failed: failures,
      answers: answerMs.length,
      'answers/s': Math.round(answerMs.length / answerSeconds),
      'answer p50 ms': pct(answerMs, 50),
      'answer p99 ms': pct(answerMs, 99),
      'challenge → socket p99 ms': pct(challengeDelivery, 99),
      'answer → opponent socket p50 ms': pct(updateDelivery, 50),
      'answer → opponent socket p99 ms': pct(updateDelivery, 99),
      'total s': elapsed.toFixed(1),
    },
  ]);
} finally {
  for (const s of sockets) s.disconnect();
  await db?.end().catch(() => {});
  await server.stop();
}
