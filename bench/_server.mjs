// Shared by the benchmarks (run.mjs skips files starting with _): the real server on a fresh DATA_DIR with the
// embedded PostgreSQL, on loopback, and a bare Fastify route in a process of its own.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function cannon(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ connections: 50, ...opts }, (err, r) => (err ? reject(err) : resolve(r))),
  );
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
  // BENCH_CPU_PROF=dir: run the server under node --cpu-prof (what `npm start` runs, without npm)
  const prof = process.env.BENCH_CPU_PROF;
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
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/languages/supported`);
  const pgid = server.child.pid;
  return { base, pgid, stop: server.stop, cpuMs: () => groupCpuMs(pgid) };
}

/**
 * CPU time (user + system, ms) used so far by the live processes of process group `pgid`: the server, npm/tsx and
 * the embedded PostgreSQL with its backends. On a shared machine the CPU spent per request is a steadier figure
 * than latency (other work delays requests but does not add to their CPU).
 */
export function groupCpuMs(pgid) {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields after the name: state ppid pgrp … utime (14th field overall) stime (15th)
      if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]);
    } catch {}
  }
  return ticks * 10; // USER_HZ is 100 on Linux
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
    // fields with the user's values, vault avatars, unread notifications
    const PROFILE = {
      name: 'bare_profile',
      text: "select u.*, json_build_object(" +
        "'customer', (select json_build_object('id', c.id, 'company', c.company, 'logoPath', c.logo_path, 'style', c.style) from customers c where c.id = u.customer_id), " +
        "'fields', coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'label', f.label, 'type', f.type, 'options', f.options, 'edit', f.edit, 'value', v.value) order by f.position, f.id) " +
        "  from profile_fields f left join user_field_values v on v.field_id = f.id and v.user_id = u.id where f.customer_id = u.customer_id), '[]'::json), " +
        "'avatars', coalesce((select json_agg(json_build_object('id', m.id, 'key', m.storage_key) order by r.position) from vault_relations r join media m on m.id = r.media_id " +
        "  where r.model = 'user' and r.model_id = u.id and r.relation = 'avatar' and m.deleted_at is null), '[]'::json), " +
        "'unread', (select count(*) from notifications n where n.user_id = u.id and n.read_at is null), " +
        "'roles', coalesce((select json_agg(json_build_object('name', r.name, 'level', r.level)) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]')) as extras " +
        actor,
    };
    const GAMES = { name: 'bare_games', text: '' };
    // the same data as the app's trail views (trails.repo loadTrailViews): trails with coach, pebbles, the actor's
    // states and tries
    GAMES.text = "select tr.*, " +
      "(select json_build_object('id', c.id, 'firstname', c.firstname, 'lastname', c.lastname) from users c where c.id = tr.coach_id) as coach, " +
      "(select tp.tries_used from trail_progress tp where tp.trail_id = tr.id and tp.user_id = u.id) as tries_used, " +
      "(select json_agg(json_build_object('id', p.id, 'name', p.name, 'xp', p.xp, 'stage', p.stage, 'fa_icon', p.fa_icon) order by p.position) from pebbles p where p.trail_id = tr.id) as pebbles, " +
      "(select json_agg(json_build_object('pebble_id', ps.pebble_id, 'answered_at', ps.answered_at, 'passed', ps.passed)) from pebble_states ps where ps.trail_id = tr.id and ps.user_id = u.id) as states " +
      "from auth_tokens t join sessions s on s.id = t.session_id join users u on u.id = s.user_id " +
      "join trail_assignments ta on ta.user_id = u.id join trails tr on tr.id = ta.trail_id " +
      "where t.token_hash = $1 and t.kind = 'access' and t.expires_at > now() and s.revoked_at is null and u.deleted_at is null " +
      "order by tr.id";
    const hash = (req) => createHash('sha256').update((req.headers.authorization || '').replace(/^Bearer\\s+/i, '')).digest('hex');
    const app = Fastify();
    app.get('/profile', async (req, reply) => {
      const { rows } = await pool.query({ ...PROFILE, values: [hash(req)] });
      if (!rows[0]) return reply.code(401).send({ message: 'unauthenticated' });
      return { data: rows[0] };
    });
    app.get('/games', async (req, reply) => {
      const { rows } = await pool.query({ ...GAMES, values: [hash(req)] });
      return { data: rows };
    });
    app.listen({ port: ${port}, host: '127.0.0.1' });
    process.on('SIGINT', () => app.close().then(() => pool.end()).then(() => process.exit(0)));`;
  const bare = spawnGroup(process.execPath, ['-e', code], { cwd: `${root}apps/server`, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  while (Date.now() < end) {
    try {
      await fetch(`${base}/games`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return { base, stop: bare.stop };
}

/** A client on the embedded PostgreSQL of the server `startServer(name, …)` started (its port read from the log). */
export async function benchDb(name) {
  const log = readFileSync(`${root}data/${name}/server.log`, 'utf8');
  const port = /embedded PostgreSQL listening on 127\.0\.0\.1:(\d+)/.exec(log)?.[1];
  if (!port) throw new Error('embedded PostgreSQL port not found in the server log');
  const db = new pg.Client({ connectionString: `postgres://postgres:cairn-local@127.0.0.1:${port}/postgres` });
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
