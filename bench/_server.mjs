// Shared by the benchmarks (run.mjs skips files starting with _): the real server on a fresh DATA_DIR with the
// embedded PostgreSQL, on loopback, and a bare Fastify route in a process of its own.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

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
  return { base, stop: server.stop };
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
