import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Shared by the fault tests with services of their own (faults.postgres.test.ts, faults.redis.test.ts; issue
 * "Reliability and security", item 5): a PostgreSQL and a Redis each test starts, stops and starts again — never the
 * machine's shared ones. They run once in CI, in `.ci/run`'s services pass (REDIS_URL set), or anywhere with
 * FAULTS=1. Figures in docs/security.md.
 */
export const RUN = Boolean(process.env.REDIS_URL || process.env.FAULTS);
export const REDIS_SERVER = spawnSync('redis-server', ['--version']).status === 0;

const dirs: string[] = [];
/** Clean-ups run after the file's tests, last registered first. */
export const stops: (() => Promise<void> | void)[] = [];

/** Registers the file's clean-up; call once at the top level of a test file. */
export function cleanUpAfterAll(): void {
  afterAll(async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
}

export function tempDir(prefix: string): string {
  const d = mkdtempSync(path.join(os.tmpdir(), prefix));
  // the embedded PostgreSQL runs as the `postgres` user when the tests run as root: it must reach its data dir
  chmodSync(d, 0o755);
  dirs.push(d);
  return d;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
