import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness';
import { S3_CREDENTIALS, TestS3Server } from '../s3-server';
import { freePort, startServerProcess } from '../server-process';

/**
 * The real server process (`src/main.ts`) on an S3 store: a bad STORAGE_URL or a bucket it cannot write stops the
 * start with a message saying why; two processes with DATA_DIRs of their own (no shared disk) on one database and
 * one store serve each other's files, the demo images included (seeded into the store at start).
 */
let s3: TestS3Server;
let t: TestApp;
const dirs: string[] = [];
const children: ChildProcess[] = [];
const SECRET = 'shared-file-url-secret-0123456789abcdef';

const dataDir = async () => {
  const d = await fs.mkdtemp(path.join(os.tmpdir(), 'cairn-instance-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  s3 = await TestS3Server.start();
  t = await createTestApp();
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await t?.close();
  await s3?.stop();
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

describe('the server process on an S3 store', () => {
  it('refuses to start with a bad STORAGE_URL, naming the variable', async () => {
    await expect(
      startServerProcess(t, await freePort(), await dataDir(), { STORAGE_URL: 'ftp://files' }),
    ).rejects.toThrow(/Invalid configuration: STORAGE_URL must be a file:\/\/ or s3:\/\/ URL/);
  }, 120_000);

  it('refuses to start when the bucket cannot be reached, saying why', async () => {
    const url = `s3://cairn-test/?endpoint=${encodeURIComponent(`http://127.0.0.1:${await freePort()}`)}`;
    await expect(
      startServerProcess(t, await freePort(), await dataDir(), { STORAGE_URL: url, ...S3_CREDENTIALS }),
    ).rejects.toThrow(
      /STORAGE_URL: cannot write to bucket cairn-test at http:\/\/127\.0\.0\.1:\d+: it cannot be reached/,
    );
  }, 120_000);

  it('two processes on separate disks serve each other\u2019s uploads and the demo images', async () => {
    const env = {
      STORAGE_URL: s3.storageUrl('procs/'),
      ...S3_CREDENTIALS,
      FILE_URL_SECRET: SECRET,
      REDIS_URL: process.env.REDIS_URL,
    };
    const [portA, portB] = [await freePort(), await freePort()];
    const [dirA, dirB] = [await dataDir(), await dataDir()];
    const [a, b] = await Promise.all([
      startServerProcess(t, portA, dirA, env),
      startServerProcess(t, portB, dirB, env),
    ]);
    children.push(a, b);
    const A = `http://127.0.0.1:${portA}`;
    const B = `http://127.0.0.1:${portB}`;
    const login = await fetch(`${A}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'learner@example.com', password: 'learner123', accepted: true }),
    }).then((r) => r.json() as Promise<{ data: { access_token: string } }>);
    const bytes = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'answer.pdf');
    const up = await fetch(`${A}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${login.data.access_token}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const { url } = (await up.json()) as { url: string };
    const viaB = await fetch(`${B}${url}`);
    expect(viaB.status).toBe(200);
    expect(Buffer.from(await viaB.arrayBuffer()).equals(bytes)).toBe(true);
    // the demo images were put into the store by the start, not onto either disk
    const logo = await fetch(`${B}/files/customers/acme/logo.svg`);
    expect(logo.status).toBe(200);
    expect(await logo.text()).toMatch(/<svg/);
    await expect(fs.stat(path.join(dirA, 'files', 'customers'))).rejects.toThrow();
    await expect(fs.stat(path.join(dirB, 'files', 'customers'))).rejects.toThrow();
  }, 180_000);
});
