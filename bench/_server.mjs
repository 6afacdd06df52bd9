// Shared by the benchmarks (run.mjs skips files starting with _): the real server on a fresh DATA_DIR with the
// embedded PostgreSQL, on loopback, and a bare Fastify route in a process of its own.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function cannon(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: 50, ...opts }, (err, r) => (err ? reject(err) : resolve(r))),
  );
}

/** The value at percentile `p` (0–100, 100 = the largest) of an ascending array; NaN when it is empty. */
export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

/**
 * An open loop at a fixed rate: GET `url` every 1/rate s, evenly spaced (autocannon's `overallRate` sends each
 * second's requests in a burst at its start, and counts a 1 ms expected interval for coordinated omission, so its p99
 * measures its own bursts). Latency is taken from the moment a request was due, so a generator that falls behind
 * shows in it. Keep-alive connections, at most `connections` in flight (a request due while all are busy waits for
 * one, and that wait counts). `request(i)` (optional): the i-th request's { method, path, headers, body } instead of
 * GET `url` (a POST of its own per request, e.g. answers of several learners in turn). Answers in autocannon's shape
 * for the fields the benches read.
 */
export async function paced({ url, headers = {}, rate, duration, connections = 50, request }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const counts = { '2xx': 0, non2xx: 0, errors: 0 };
  const total = Math.round(rate * duration);
  const t0 = performance.now();
  const sent = [];
  const base = new URL(url);
  const one = (due, i) =>
    new Promise((resolve) => {
      const r = request?.(i);
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path: r?.path ?? base.pathname + base.search,
          method: r?.method ?? 'GET',
          agent,
          headers: r?.headers ?? headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - due);
            counts[res.statusCode >= 200 && res.statusCode < 300 ? '2xx' : 'non2xx']++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        counts.errors++;
        resolve();
      });
      req.end(r?.body);
    });
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    sent.push(one(due, i));
  }
  await Promise.all(sent);
  agent.destroy();
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p) => Math.round(percentile(latencies, p));
  return {
    requests: { average: counts['2xx'] / elapsed },
    latency: { p50: at(50), p99: at(99), max: at(100) },
    ...counts,
  };
}

export async function waitFor(url, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
}

function spawnGroup(cmd, args, opts) {
  const child = spawn(cmd, args, { ...opts, detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {}
  };
  process.on('exit', stop);
  const exited = new Promise((r) => child.on('exit', r));
  return {
    child,
    stop: async () => {
      stop();
      await exited;
    },
  };
}

/** `npm start` of the server on DATA_DIR=data/<name> (wiped first); resolves once it answers. */
export async function startServer(name, port, env = {}) {
  // BENCH_PORT: another port for the server (several people benching on one machine)
  port = Number(process.env.BENCH_PORT ?? port);
  const dataDir = `${root}data/${name}`;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const log = openSync(`${dataDir}/server.log`, 'w');
  // BENCH_CPU_PROF=dir: run the server under node --cpu-prof, from the TypeScript sources through tsx (npm start runs
  // the compiled bundle since round 13; the sources give profiles that name the .ts files without a source map)
  const prof = process.env.BENCH_CPU_PROF;
  // loop: the server's event-loop utilisation and delay, once a second, in DATA_DIR/loop.jsonl (readLoop)
  const { loop, ...extraEnv } = env;
  const nodeOptions = loop
    ? `${process.env.NODE_OPTIONS ?? ''} --import ${new URL('./_loop.mjs', import.meta.url).href}`.trim()
    : process.env.NODE_OPTIONS;
  const [cmd, args, cwd] = prof
    ? [
        process.execPath,
        ['--cpu-prof', `--cpu-prof-dir=${prof}`, '--import', 'tsx', 'src/main.ts'],
        `${root}apps/server`,
      ]
    : ['npm', ['run', 'start', '-w', '@cairn/server'], root];
  const server = spawnGroup(cmd, args, {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/languages/supported`);
  const pgid = server.child.pid;
  return {
    base,
    port,
    pgid,
    dataDir,
    stop: server.stop,
    cpuMs: () => groupCpuMs(pgid),
    cpuSplit: () => groupCpuSplit(pgid),
    cpuSnapshot: () => cpuSnapshot(pgid),
    /** the event loop's seconds (see _loop.mjs) between two Date.now() instants */
    loop: (from, to) => readLoop(dataDir, from, to),
  };
}

function readLoop(dataDir, from, to) {
  let lines = [];
  try {
    lines = readFileSync(`${dataDir}/loop.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
  } catch {
    return null;
  }
  // a line covers the second before its time stamp
  const inside = lines.filter((l) => l.t - 1000 >= from && l.t <= to);
  if (inside.length === 0) return null;
  const mean = (k) => inside.reduce((s, l) => s + l[k], 0) / inside.length;
  return {
    elu: mean('elu'),
    delayP50: mean('p50'),
    delayP99: Math.max(...inside.map((l) => l.p99)),
    delayMax: Math.max(...inside.map((l) => l.max)),
  };
}

/**
 * CPU time (user + system, ms) used so far by the live processes of process group `pgid` and their descendants:
 * the server, npm/tsx and the embedded PostgreSQL with its backends (each backend calls setsid(), so it leaves the
 * group: it is found as a child of the postmaster). On a shared machine the CPU spent per request is a steadier
 * figure than latency (other work delays requests but does not add to their CPU).
 */
export function groupCpuMs(pgid) {
  const split = groupCpuSplit(pgid);
  return split.node + split.postgres + split.other;
}

/** groupCpuMs split by program: `node` (the server, npm, tsx) and `postgres` (the embedded server, its backends). */
export function groupCpuSplit(pgid) {
  return cpuDelta(new Map(), cpuSnapshot(pgid));
}

/** Per live process of group `pgid` and its descendants: its program kind and CPU ms so far. */
export function cpuSnapshot(pgid) {
  const procs = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // fields after the name: state ppid pgrp … utime (14th field overall) stime (15th); USER_HZ is 100 on Linux
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.push({ pid, comm, ppid: f[1], pgrp: Number(f[2]), ms: (Number(f[11]) + Number(f[12])) * 10 });
    } catch {}
  }
  const inside = new Set(procs.filter((p) => p.pgrp === pgid).map((p) => p.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs) {
      if (!inside.has(p.pid) && inside.has(p.ppid)) {
        inside.add(p.pid);
        grew = true;
      }
    }
  }
  const snap = new Map();
  for (const p of procs) {
    if (!inside.has(p.pid)) continue;
    const kind = p.comm === 'postgres' ? 'postgres' : /node|npm|tsx|^sh$/.test(p.comm) ? 'node' : 'other';
    snap.set(`${p.pid}:${p.comm}`, { kind, ms: p.ms });
  }
  return snap;
}

/**
 * CPU ms between two snapshots, by program: a process in both counts its difference, a new one all of its time; one
 * that ended in between (e.g. an idle pool connection closed) drops out instead of making the sum negative.
 */
export function cpuDelta(before, after) {
  const split = { node: 0, postgres: 0, other: 0 };
  for (const [key, p] of after) split[p.kind] += p.ms - (before.get(key)?.ms ?? 0);
  return split;
}

/** A bare Fastify route in its own process (like the server), so it does not share a thread with the load. */
export async function startBare(port) {
  const code = `
    const Fastify = require('fastify');
    const app = Fastify();
    app.get('/hello', async () => ({ hello: 'world' }));
    app.listen({ port: ${port}, host: '127.0.0.1' });
    process.on('SIGINT', () => app.close().then(() => process.exit(0)));`;
  const bare = spawnGroup(process.execPath, ['-e', code], { cwd: `${root}apps/server`, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/hello`;
  await waitFor(url);
  return { url, stop: bare.stop };
}

/** A twin's code in a node process of its own (its modules from apps/server); resolves once its port answers at all. */
async function spawnTwin(code, port) {
  const bare = spawnGroup(process.execPath, ['-e', code], { cwd: `${root}apps/server`, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    try {
      await fetch(base);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return { base, bare };
}

export async function postJson(url, body, headers = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * The bare-SQL twin of the hot authenticated reads, in a process of its own: Fastify + pg, the bearer token checked
 * and the data read in ONE prepared statement per request, JSON out, nothing else (no zod, no presenter). What an
 * authenticated read could cost on this PostgreSQL; the app's route is compared with it.
 */
export async function startBareSql(port, databaseUrl) {
  const code = `
    const { createHash } = require('node:crypto');
    const Fastify = require('fastify');
    const pg = require('pg');
    const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10 });
    const actor = "from auth_tokens t join sessions s on s.id = t.session_id join users u on u.id = s.user_id " +
      "where t.token_hash = $1 and t.kind = 'access' and t.expires_at > now() and s.revoked_at is null and u.deleted_at is null";
    // the same data as the app's profile statement (accounts.service profileQuery): user, customer, the customer's
    // fields with the user's values, vault avatars, unread notifications, roles and the §3 facts
    const PROFILE = {
      name: 'bare_profile',
      text: "select u.*, json_build_object(" +
        "'customer', (select json_build_object('id', c.id, 'company', c.company, 'logoPath', c.logo_path, 'style', c.style) from customers c where c.id = u.customer_id), " +
        "'fields', coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'label', f.label, 'type', f.type, 'options', f.options, 'edit', f.edit, 'value', v.value) order by f.position, f.id) " +
        "  from profile_fields f left join user_field_values v on v.field_id = f.id and v.user_id = u.id where f.customer_id = u.customer_id), '[]'::json), " +
        "'avatars', coalesce((select json_agg(json_build_object('id', m.id, 'key', m.storage_key) order by r.position) from vault_relations r join media m on m.id = r.media_id " +
        "  where r.model = 'user' and r.model_id = u.id and r.relation = 'avatar' and m.deleted_at is null), '[]'::json), " +
        "'unread', (select count(*) from notifications n where n.user_id = u.id and n.read_at is null), " +
        "'roles', coalesce((select json_agg(json_build_object('name', r.name, 'level', r.level)) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]'), " +
        // the §3 facts the profile statement counts since round 6 (discussions, assignments, vault, new rewards)
        "'facts', (select jsonb_build_object('unreadChats', count(*) filter (where dp.unread > 0), 'discussions', count(*), 'unreadMessages', coalesce(sum(dp.unread), 0)) " +
        "  from discussion_participants dp where dp.user_id = u.id) " +
        "  || (select jsonb_build_object('accessible', count(*) filter (where ta.open), 'inaccessible', count(*) filter (where not ta.open), " +
        "        'home', count(*) filter (where ta.open and ta.created_at > coalesce(u.home_seen_at, '-infinity') " +
        "          and not exists (select 1 from pebble_states s where s.user_id = u.id and s.trail_id = ta.trail_id))) " +
        "      from (select a.trail_id, a.created_at, (a.starts_on is null or a.starts_on <= (now() at time zone 'utc')::date) as open " +
        "            from trail_assignments a where a.user_id = u.id) ta) " +
        "  || jsonb_build_object('vaultRelations', coalesce((select json_agg(json_build_object('relation', r.relation, 'media_id', r.media_id) order by r.relation, r.position) " +
        "        from vault_relations r where r.model = 'user' and r.model_id = u.id), '[]'::json), " +
        "      'myVault', (select min(v.id) from vaults v where v.user_id = u.id and v.parent_id is null), " +
        "      'me', (select count(*) from user_rewards ur where ur.user_id = u.id and ur.achieved_at > coalesce(u.me_seen_at, '-infinity')) " +
        "          + (select count(*) from user_certificates uc where uc.user_id = u.id and uc.issued_at > coalesce(u.me_seen_at, '-infinity')))) as extras " +
        actor,
    };
    // the same data as the app's trail views (trails.repo viewSelection): the playable trails (the customer's, assigned
    // or the public user's own) with coach, pebbles, the actor's states, tries and assignment dates
    const VIEW = "select tr.*, " +
      "(select json_build_object('id', c.id, 'firstname', c.firstname, 'lastname', c.lastname) from users c where c.id = tr.coach_id) as coach, " +
      "(select tp.tries_used from trail_progress tp where tp.trail_id = tr.id and tp.user_id = u.id) as tries_used, " +
      "(select json_agg(json_build_object('id', p.id, 'name', p.name, 'xp', p.xp, 'stage', p.stage, 'fa_icon', p.fa_icon) order by p.position) from pebbles p where p.trail_id = tr.id) as pebbles, " +
      "(select json_agg(json_build_object('pebble_id', ps.pebble_id, 'answered_at', ps.answered_at, 'passed', ps.passed)) from pebble_states ps where ps.trail_id = tr.id and ps.user_id = u.id) as states, " +
      "(select json_build_object('starts_on', ta.starts_on, 'due_on', ta.due_on) from trail_assignments ta where ta.trail_id = tr.id and ta.user_id = u.id) as schedule " +
      "from auth_tokens t join sessions s on s.id = t.session_id join users u on u.id = s.user_id " +
      "join trails tr on tr.customer_id = u.customer_id and (exists (select 1 from trail_assignments a where a.trail_id = tr.id and a.user_id = u.id) or tr.id = u.trail_id) " +
      "where t.token_hash = $1 and t.kind = 'access' and t.expires_at > now() and s.revoked_at is null and u.deleted_at is null ";
    const GAMES = { name: 'bare_games', text: VIEW + "order by tr.id" };
    // GET /api/games/{id}: one playable trail's view
    const GAME = { name: 'bare_game', text: VIEW + "and tr.id = $2" };
    // GET /api/pebbles/{trail}: the trail's view, its first unanswered pebble (else the last) marked opened, that
    // pebble with its minerals and their options, and the actor's answers to it (player.service currentPebble)
    const PEBBLE = { name: 'bare_pebble', text:
      "with a as (select u.id as uid from auth_tokens t join sessions s on s.id = t.session_id join users u on u.id = s.user_id " +
      "  where t.token_hash = $1 and t.kind = 'access' and t.expires_at > now() and s.revoked_at is null and u.deleted_at is null), " +
      "v as (" + VIEW + "and tr.id = $2), " +
      "ps as (select p.id, p.position, st.answered_at from pebbles p cross join a left join pebble_states st on st.pebble_id = p.id and st.user_id = a.uid where p.trail_id = $2), " +
      "cur as (select id from ps where exists (select 1 from v) order by (answered_at is null) desc, case when answered_at is null then position else -position end, id limit 1), " +
      "opened as (insert into pebble_states (user_id, pebble_id, trail_id) select a.uid, cur.id, $2 from a, cur on conflict do nothing) " +
      "select row_to_json(v) as view, (select row_to_json(p) from pebbles p where p.id = cur.id) as pebble, " +
      "(select json_agg(json_build_object('mineral', row_to_json(m), 'options', " +
      "   (select coalesce(json_agg(row_to_json(o) order by o.position, o.id), '[]') from mineral_options o where o.mineral_id = m.id)) order by m.position, m.id) " +
      "   from minerals m where m.pebble_id = cur.id) as minerals, " +
      "(select coalesce(json_agg(row_to_json(ma)), '[]') from mineral_answers ma, a where ma.user_id = a.uid and ma.pebble_id = cur.id) as answers " +
      "from v, cur" };
    // GET /api/notificationsAll/{page}: a page of 15, newest first, with total and unread counts; file URLs signed
    const NOTIFICATIONS = { name: 'bare_notifications', text:
      "select (select coalesce(json_agg(json_build_object('id', n.id, 'event', n.event, 'read_at', n.read_at, 'created_at', n.created_at, 'data', n.data) " +
      "   order by n.created_at desc, n.id desc), '[]') from (select * from notifications n where n.user_id = u.id order by n.created_at desc, n.id desc limit 15 offset ($2 - 1) * 15) n) as data, " +
      "c.total, c.unread from auth_tokens t join sessions s on s.id = t.session_id join users u on u.id = s.user_id " +
      "cross join lateral (select count(*)::int as total, (count(*) filter (where read_at is null))::int as unread from notifications where user_id = u.id) c " +
      "where t.token_hash = $1 and t.kind = 'access' and t.expires_at > now() and s.revoked_at is null and u.deleted_at is null" };
    // GET /api/rewards/user: the actor's rewards, newest first, texts from the trail's declaration, first/latest flags
    const REWARDS = { name: 'bare_rewards', text:
      "select coalesce(json_agg(json_build_object('id', r.id, 'trail_id', r.trail_id, 'title', d->>'title', 'subtitle', d->>'subtitle', " +
      "  'description', d->>'description', 'experience', coalesce((d->>'experience')::int, 0), " +
      "  'media', case when d->>'media' is null then null else json_build_object('url', d->>'media') end, " +
      "  'prize_title', d->>'prize_title', 'prize_description', d->>'prize_description', 'created_at', r.achieved_at, " +
      "  'readable_achieved_at', to_char(r.achieved_at at time zone 'UTC', 'FMMonth FMDD, YYYY'), " +
      "  'first_time', r.id = f.first, 'latest', r.id = f.latest) order by r.achieved_at desc, r.id desc), '[]') as data " +
      "from auth_tokens t join sessions s on s.id = t.session_id join users u on u.id = s.user_id " +
      "join user_rewards r on r.user_id = u.id join trails tr on tr.id = r.trail_id " +
      "cross join lateral (select d from jsonb_array_elements(tr.rewards) d where d->>'key' = r.reward_key limit 1) d " +
      "cross join lateral (select (select id from user_rewards where user_id = u.id order by achieved_at, id limit 1) as first, " +
      "  (select id from user_rewards where user_id = u.id order by achieved_at desc, id desc limit 1) as latest) f " +
      "where t.token_hash = $1 and t.kind = 'access' and t.expires_at > now() and s.revoked_at is null and u.deleted_at is null" };
    // the app signs the stored file URLs of notifications (lib/file-urls.ts): so does the twin, with the same HMAC
    const { createHmac } = require('node:crypto');
    const fileKey = Buffer.from('bench-twin-key');
    const sign = (url) => {
      if (typeof url !== 'string' || !url.startsWith('/files/') || url.includes('?')) return url;
      const key = url.slice(7);
      const exp = Math.ceil((Math.floor(Date.now() / 1000) + 3600) / 900) * 900;
      return url + '?exp=' + exp + '&sig=' + createHmac('sha256', fileKey).update(key + '\\n' + exp).digest('base64url').slice(0, 32);
    };
    const hash = (req) => createHash('sha256').update((req.headers.authorization || '').replace(/^Bearer\\s+/i, '')).digest('hex');
    const app = Fastify();
    app.get('/profile', async (req, reply) => {
      const { rows } = await pool.query({ ...PROFILE, values: [hash(req)] });
      if (!rows[0]) return reply.code(401).send({ message: 'unauthenticated' });
      return { data: rows[0] };
    });
    app.get('/games', async (req) => {
      const { rows } = await pool.query({ ...GAMES, values: [hash(req)] });
      return { data: rows };
    });
    app.get('/games/:id', async (req, reply) => {
      const { rows } = await pool.query({ ...GAME, values: [hash(req), Number(req.params.id)] });
      if (!rows[0]) return reply.code(404).send({ message: 'Trail not found' });
      return { data: rows[0] };
    });
    app.get('/pebbles/:trail', async (req, reply) => {
      const { rows } = await pool.query({ ...PEBBLE, values: [hash(req), Number(req.params.trail)] });
      if (!rows[0]) return reply.code(404).send({ message: 'Trail not found' });
      return { data: rows[0] };
    });
    app.get('/notifications/:page', async (req, reply) => {
      const page = Number(req.params.page);
      const { rows } = await pool.query({ ...NOTIFICATIONS, values: [hash(req), page] });
      if (!rows[0]) return reply.code(401).send({ message: 'unauthenticated' });
      const { data, total, unread } = rows[0];
      for (const n of data) for (const f of ['pdf', 'file']) if (n.data[f]) n.data[f] = sign(n.data[f]);
      return { data, meta: { pagination: { total, total_pages: Math.ceil(total / 15), current_page: page, per_page: 15 } }, unread };
    });
    app.get('/rewards', async (req) => {
      const { rows } = await pool.query({ ...REWARDS, values: [hash(req)] });
      return { data: rows[0]?.data ?? [] };
    });
    app.listen({ port: ${port}, host: '127.0.0.1' });
    process.on('SIGINT', () => app.close().then(() => pool.end()).then(() => process.exit(0)));`;
  const { base, bare } = await spawnTwin(code, port);
  return {
    base,
    stop: bare.stop,
    cpuMs: () => groupCpuMs(bare.child.pid),
    cpuSnapshot: () => cpuSnapshot(bare.child.pid),
  };
}

/**
 * The floor of an answer, in a process of its own: Fastify + pg, the same two round trips as the app's answer and
 * a durable commit, nothing else. Statement 1 (prepared): the bearer token checked and the learner's states on
 * the trail read as JSON; statement 2 (prepared, its own transaction, synchronous_commit on): the pebble state and
 * the answer upserted. No zod, no scoring, no presenter: what two round trips and a commit cost on this machine.
 * Under /one/… the same writes in ONE statement (the learner found from the token inside it).
 */
export async function startBareAnswer(port, databaseUrl) {
  const code = `
    const { createHash } = require('node:crypto');
    const Fastify = require('fastify');
    const pg = require('pg');
    const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10 });
    const LOAD = { name: 'floor_load', text: "select u.id, (select json_agg(json_build_object('pebbleId', s.pebble_id, 'passed', s.passed)) " +
      "from pebble_states s where s.user_id = u.id and s.trail_id = p.trail_id) as states, p.trail_id " +
      "from auth_tokens t join sessions s on s.id = t.session_id join users u on u.id = s.user_id, pebbles p " +
      "where t.token_hash = $1 and t.kind = 'access' and t.expires_at > now() and s.revoked_at is null and u.deleted_at is null and p.id = $2" };
    const STORE = { name: 'floor_store', text: "with st as (insert into pebble_states (user_id, pebble_id, trail_id, answered_at, passed) " +
      "values ($1, $2, $3, now(), true) on conflict (user_id, pebble_id) do update set answered_at = excluded.answered_at, passed = excluded.passed returning pebble_id) " +
      "insert into mineral_answers (user_id, mineral_id, pebble_id, trail_id, options, updated_at) select $1, $4, $2, $3, $5::jsonb, now() from st " +
      "on conflict (user_id, mineral_id) do update set options = excluded.options, updated_at = excluded.updated_at returning mineral_id" };
    // the same writes as ONE statement (the learner found from the token inside it): what a round trip less buys
    const ONE = { name: 'floor_one', text: "with u as (select u.id from auth_tokens t join sessions s on s.id = t.session_id join users u on u.id = s.user_id " +
      "where t.token_hash = $1 and t.kind = 'access' and t.expires_at > now() and s.revoked_at is null and u.deleted_at is null), " +
      "st as (insert into pebble_states (user_id, pebble_id, trail_id, answered_at, passed) select u.id, p.id, p.trail_id, now(), true " +
      "from u, pebbles p where p.id = $2 on conflict (user_id, pebble_id) do update set answered_at = excluded.answered_at, passed = excluded.passed " +
      "returning user_id, pebble_id, trail_id) " +
      "insert into mineral_answers (user_id, mineral_id, pebble_id, trail_id, options, updated_at) select st.user_id, $3, st.pebble_id, st.trail_id, $4::jsonb, now() from st " +
      "on conflict (user_id, mineral_id) do update set options = excluded.options, updated_at = excluded.updated_at returning mineral_id" };
    const app = Fastify();
    app.post('/one/api/pebbles/:id', async (req, reply) => {
      const token = createHash('sha256').update((req.headers.authorization || '').replace(/^Bearer\\s+/i, '')).digest('hex');
      const a = req.body.answers[0];
      const { rows } = await pool.query({ ...ONE, values: [token, Number(req.params.id), a.id, JSON.stringify(a.options)] });
      if (!rows[0]) return reply.code(401).send({ message: 'unauthenticated' });
      return { data: { id: Number(req.params.id), stored: rows.length }, passed: true };
    });
    app.post('/api/pebbles/:id', async (req, reply) => {
      const token = createHash('sha256').update((req.headers.authorization || '').replace(/^Bearer\\s+/i, '')).digest('hex');
      const pebbleId = Number(req.params.id);
      const { rows: [ctx] } = await pool.query({ ...LOAD, values: [token, pebbleId] });
      if (!ctx) return reply.code(401).send({ message: 'unauthenticated' });
      const a = req.body.answers[0];
      const { rows } = await pool.query({ ...STORE, values: [ctx.id, pebbleId, ctx.trail_id, a.id, JSON.stringify(a.options)] });
      return { data: { id: pebbleId, states: ctx.states, stored: rows.length }, passed: true };
    });
    app.listen({ port: ${port}, host: '127.0.0.1' });
    process.on('SIGINT', () => app.close().then(() => pool.end()).then(() => process.exit(0)));`;
  const { base, bare } = await spawnTwin(code, port);
  return {
    base,
    stop: bare.stop,
    cpuMs: () => groupCpuMs(bare.child.pid),
    cpuSnapshot: () => cpuSnapshot(bare.child.pid),
  };
}

/** The URL of the server's PostgreSQL: DATABASE_URL when it was started with one (e.g. a PostgreSQL of one's own with
 * pg_stat_statements), else its embedded one (the port read from the log). */
export function benchDbUrl(name) {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const log = readFileSync(`${root}data/${name}/server.log`, 'utf8');
  const port = /embedded PostgreSQL listening on 127\.0\.0\.1:(\d+)/.exec(log)?.[1];
  if (!port) throw new Error('embedded PostgreSQL port not found in the server log');
  return embeddedDbUrl(name, port);
}

/** The app role's URL of the embedded PostgreSQL of DATA_DIR=data/<name> on `port` (its passwords are random and
 * kept in the data directory's secrets file, db/embedded-roles.ts). */
export function embeddedDbUrl(name, port) {
  const { appPassword } = JSON.parse(readFileSync(`${root}data/${name}/postgres/cairn-secrets.json`, 'utf8'));
  return `postgres://cairn:${encodeURIComponent(appPassword)}@127.0.0.1:${port}/postgres`;
}

/** A client on the embedded PostgreSQL of the server `startServer(name, …)` started (its port read from the log). */
export async function benchDb(name) {
  const db = new pg.Client({ connectionString: benchDbUrl(name) });
  await db.connect();
  return db;
}

/**
 * `count` users of Acme (`{prefix}{i}@example.com`, named `{first} {i}`), each with an access token valid for an
 * hour, written straight into the database; returns the customer id, the user rows and their tokens (same order).
 */
export async function seedUsers(db, count, prefix, first) {
  const {
    rows: [{ id: customerId }],
  } = await db.query("select id from customers where company = 'Acme Learning'");
  const { rows: users } = await db.query(
    `insert into users (customer_id, email, firstname, lastname)
     select $1, $3 || i || '@example.com', $4, 'No ' || i from generate_series(1, $2) i returning id`,
    [customerId, count, prefix, first],
  );
  const tokens = users.map(() => `bench_${randomBytes(24).toString('hex')}`);
  const { rows: sessions } = await db.query(
    `insert into sessions (user_id, method) select unnest($1::int[]), 'password' returning id, user_id`,
    [users.map((u) => u.id)],
  );
  const sessionOf = new Map(sessions.map((s) => [s.user_id, s.id]));
  await db.query(
    `insert into auth_tokens (token_hash, session_id, kind, expires_at)
     select unnest($1::text[]), unnest($2::uuid[]), 'access', now() + interval '1 hour'`,
    [tokens.map((t) => createHash('sha256').update(t).digest('hex')), users.map((u) => sessionOf.get(u.id))],
  );
  return { customerId, users, tokens };
}

/**
 * BENCH_STORAGE=s3: an S3-API server (s3rver, a devDependency of the server) in a process of its own on
 * data/<name>-s3, with one bucket; returns the environment that points the server at it (STORAGE_URL, AWS_*).
 * Otherwise (the default) nothing is started and the server keeps files on its local disk.
 */
export async function startStore(name, port) {
  if (process.env.BENCH_STORAGE !== 's3') return { env: {}, label: 'local disk', stop: async () => {} };
  const dir = `${root}data/${name}-s3`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const store = spawnGroup(
    process.execPath,
    [
      `${root}node_modules/s3rver/bin/s3rver.js`,
      '-d',
      dir,
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '-s',
      '--configure-bucket',
      'bench',
    ],
    { cwd: root, stdio: 'ignore' },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  // any answer (s3rver refuses an unsigned request) means it listens
  for (let i = 0; i < 60; i++) {
    if (
      await fetch(`${endpoint}/`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    env: {
      STORAGE_URL: `s3://bench/?region=us-east-1&endpoint=${encodeURIComponent(endpoint)}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    label: `S3 (s3rver at ${endpoint})`,
    stop: store.stop,
  };
}
