import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from './harness';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The real server process (`tsx src/main.ts`) on the test's database (or the given URL, which it migrates and seeds
 * on first start); resolves once it answers. `env` adds to, overrides or (undefined) removes its environment.
 * `args`: node's arguments, by default the TypeScript source through tsx (the compiled server: see compiled-server.test.ts).
 */
export async function startServerProcess(
  t: TestApp | string,
  port: number,
  dataDir: string,
  env: Record<string, string | undefined> = {},
  args: string[] = ['--import', 'tsx', 'src/main.ts'],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    // an undefined value in `env` removes the variable
    env: Object.fromEntries(
      Object.entries({
        ...process.env,
        DATABASE_URL: typeof t === 'string' ? t : t.config.databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        SCHEDULE_SECONDS: '0',
        RATE_LIMIT_MAX: '100000',
        ...env,
      }).filter(([, v]) => v !== undefined),
    ),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/languages/supported`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}
