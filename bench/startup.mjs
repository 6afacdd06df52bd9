// Start-up of the server, the TypeScript source through tsx (what `npm start` ran before round 13) against the
// compiled bundle (what it runs now: apps/server/scripts/build.mjs, then node --enable-source-maps dist/main.js).
//   node bench/startup.mjs [rounds=5]
// Each variant has a DATA_DIR of its own (data/bench-startup-<variant>, wiped), started once to create the embedded
// PostgreSQL, migrate and seed; then `rounds` second starts (data present), the two variants alternated. Per start:
// ms from spawn to the first 200 of GET /api/languages/supported (polled every 10 ms), and the resident memory of the
// server's processes (VmRSS summed over the process group's node processes and tsx's esbuild service: tsx's
// launcher counts; the embedded PostgreSQL does not) right after that 200 and 2 s later. Reports the median (min–max) of each.
// The build itself (esbuild, run by `npm start` before node) is timed once and reported apart.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { root } from './_server.mjs';

const rounds = Number(process.argv[2] ?? 5);
const serverDir = path.join(root, 'apps/server');

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, encoding: 'utf8' });
if (build.status !== 0) throw new Error(build.stderr);
const buildMs = Number(/\((\d+) ms\)/.exec(build.stdout)?.[1]);

const variants = {
  tsx: [path.join(root, 'node_modules/.bin/tsx'), ['src/main.ts']],
  compiled: [process.execPath, ['--enable-source-maps', 'dist/main.js']],
};

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** VmRSS (MB) summed over the node (and tsx's esbuild service) processes of process group `pgid`. */
function groupNodeRssMb(pgid) {
  let kb = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // by executable, not by name: Node 24 names its main thread "MainThread"
      const exe = path.basename(readlinkSync(`/proc/${pid}/exe`));
      if (Number(fields[2]) !== pgid || !['node', 'esbuild'].includes(exe)) continue;
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {}
  }
  return kb / 1024;
}

async function start(name, pgPort) {
  const [cmd, args] = variants[name];
  const dataDir = path.join(root, `data/bench-startup-${name}`);
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const t0 = performance.now();
  const child = spawn(cmd, args, {
    cwd: serverDir,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  const exited = new Promise((r) => child.on('exit', r));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} (see ${dataDir}/server.log)`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/languages/supported`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - t0;
  const rss = groupNodeRssMb(child.pid);
  await new Promise((r) => setTimeout(r, 2000));
  const rssLater = groupNodeRssMb(child.pid);
  process.kill(-child.pid, 'SIGTERM');
  await exited;
  return { ms, rss, rssLater };
}

const pgPorts = { tsx: 55431, compiled: 55432 };
for (const name of Object.keys(variants)) {
  rmSync(path.join(root, `data/bench-startup-${name}`), { recursive: true, force: true });
  await start(name, pgPorts[name]); // first start: initdb, migrations, seed
}
const runs = { tsx: [], compiled: [] };
for (let i = 0; i < rounds; i++) {
  // alternated, and which goes first alternates too
  const order = i % 2 ? ['compiled', 'tsx'] : ['tsx', 'compiled'];
  for (const name of order) runs[name].push(await start(name, pgPorts[name]));
}

const stat = (xs, digits = 0) => {
  const s = [...xs].sort((a, b) => a - b);
  const f = (x) => x.toFixed(digits);
  return `${f(s[Math.floor(s.length / 2)])} (${f(s[0])}–${f(s.at(-1))})`;
};
console.log(`node ${process.version}, ${rounds} second starts each, alternated; build (esbuild) ${buildMs} ms`);
console.log('variant   | first 200 ms        | RSS MB at 200      | RSS MB +2 s');
for (const [name, r] of Object.entries(runs)) {
  console.log(
    `${name.padEnd(9)} | ${stat(r.map((x) => x.ms)).padEnd(19)} | ${stat(
      r.map((x) => x.rss),
      1,
    ).padEnd(18)} | ${stat(
      r.map((x) => x.rssLater),
      1,
    )}`,
  );
}
