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
