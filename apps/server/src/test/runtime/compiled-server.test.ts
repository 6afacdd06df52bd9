import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { createTestApp, type TestApp } from '../harness';
import { freePort, startServerProcess } from '../server-process';

// The compiled server as `npm start` runs it (scripts/build.mjs, then node with the flags of the start script),
// built into a folder of its own under dist/ so the bundle finds node_modules as dist/main.js does.
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const startScript = (
  JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts.start;

let outDir: string;
let dataDir: string;
let bundle: string;
/** node's arguments in `npm start` (after the build), with this test's bundle in place of dist/main.js */
let nodeArgs: string[];

beforeAll(() => {
  // a fresh clone has no dist/ until the first build
  mkdirSync(path.join(SERVER_DIR, 'dist'), { recursive: true });
  outDir = mkdtempSync(path.join(SERVER_DIR, 'dist', 'test-'));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cairn-compiled-'));
  bundle = path.join(outDir, 'main.js');
  const built = spawnSync(process.execPath, ['scripts/build.mjs', bundle], { cwd: SERVER_DIR, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
  const run = startScript.split('&&').at(-1)?.trim().split(/\s+/) ?? [];
  expect(run[0]).toBe('node');
  nodeArgs = run.slice(1).map((a) => (a === 'dist/main.js' ? bundle : a));
  expect(nodeArgs).toContain(bundle);
}, 60_000);
afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server (npm start)', () => {
  it('names the TypeScript files and lines in a stack trace (source maps)', () => {
    // an invalid PORT makes loadConfig throw before anything starts: the uncaught error's stack is printed
    const res = spawnSync(process.execPath, nodeArgs, {
      cwd: SERVER_DIR,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('PORT must be an integer');
    expect(res.stderr).toMatch(/at loadConfig \(.*src[\\/]config\.ts:\d+:\d+\)/);
    expect(res.stderr).toMatch(/at main \(.*src[\\/]main\.ts:\d+:\d+\)/);
    expect(res.stderr).not.toMatch(/main\.js:\d+/);
  });

  describe('on the test database', () => {
    let t: TestApp;
    let server: ChildProcess | undefined;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      server?.kill('SIGTERM');
      await t.close();
    });

    it('migrates, starts and signs in (migrations folder and password worker found from the bundle)', async () => {
      const port = await freePort();
      server = await startServerProcess(t, port, dataDir, {}, nodeArgs);
      const { email, password } = DEMO_USERS.learner;
      const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password, accepted: true }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { access_token: string } }).data.access_token).toMatch(/^cat_/);
    });
  });
});
