import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_CREDENTIALS, TestS3Server } from '../test/s3-server';
import { copyStore } from './copy';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import { parseStorageUrl } from './storage-url';

/** Moving an existing deployment's files to S3 (`npm run storage -- copy`): complete, verified, resumable. */
let s3: TestS3Server;
let dir: string;
let local: LocalStorage;
let remote: S3Storage;
const files: Record<string, Buffer> = {
  'content/ab12/intro.png': randomBytes(3000),
  'customers/acme/logo.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  'media/7/0123456789abcdef0123456789abcdef.pdf': randomBytes(10 * 1024 * 1024),
  'pdfs/results/1-2-1-aa.pdf': randomBytes(500),
};

beforeAll(async () => {
  s3 = await TestS3Server.start();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cairn-copy-'));
  local = new LocalStorage(dir);
  for (const [k, v] of Object.entries(files)) await local.put(k, Readable.from([v]));
  const target = parseStorageUrl(s3.storageUrl('moved/'));
  if (typeof target === 'string' || target.kind !== 's3') throw new Error('bad url');
  remote = new S3Storage(target, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
});
afterAll(async () => {
  await remote?.close();
  await s3?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

describe('copying a store', () => {
  it('resumes: copies what is missing or different, skips what is already there, verifies each file', async () => {
    // an earlier, interrupted run: one file copied, one cut short, one with other bytes of the same size
    await remote.put('content/ab12/intro.png', Readable.from([files['content/ab12/intro.png']]));
    await remote.put('pdfs/results/1-2-1-aa.pdf', Readable.from([randomBytes(500)]));
    await remote.put('customers/acme/logo.svg', Readable.from([Buffer.from('<svg')]));
    const lines: string[] = [];
    const report = await copyStore(local, remote, { log: (l) => lines.push(l) });
    expect(report).toMatchObject({ copied: 3, skipped: 1, failed: [] });
    for (const [k, v] of Object.entries(files)) expect((await remote.get(k))?.equals(v)).toBe(true);
    expect(lines.some((l) => l.startsWith('copied media/7/'))).toBe(true);
    // a second run finds everything in place
    expect(await copyStore(local, remote)).toMatchObject({ copied: 0, skipped: 4, failed: [] });
    // and back the other way, S3 to disk
    const back = await fs.mkdtemp(path.join(os.tmpdir(), 'cairn-copy-back-'));
    try {
      expect(await copyStore(remote, new LocalStorage(back))).toMatchObject({ copied: 4, failed: [] });
      expect((await fs.readFile(path.join(back, 'media/7/0123456789abcdef0123456789abcdef.pdf'))).length).toBe(
        10 * 1024 * 1024,
      );
    } finally {
      await fs.rm(back, { recursive: true, force: true });
    }
  });

  it('reports a file it cannot write as failed, and the rest still copied', async () => {
    const target = parseStorageUrl(s3.storageUrl('other/'));
    if (typeof target === 'string' || target.kind !== 's3') throw new Error('bad url');
    const down = new S3Storage(
      { ...target, endpoint: 'http://127.0.0.1:9' },
      { accessKeyId: 'x', secretAccessKey: 'y' },
    );
    const report = await copyStore(local, down);
    expect(report.copied).toBe(0);
    expect(report.failed.map((f) => f.key).sort()).toEqual(Object.keys(files).sort());
    expect(report.failed[0].reason).toMatch(/unreachable/);
    await down.close();
  });

  it('runs as npm run storage -- copy, and refuses a bad URL naming the option', async () => {
    const env = { ...process.env, ...S3_CREDENTIALS, LOG_LEVEL: 'error' };
    // spawned, not spawnSync: the S3 server answers from this very process
    const run = (...args: string[]) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/storage.ts', ...args], {
          cwd: SERVER_DIR,
          env,
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => {
          stdout += d;
        });
        child.stderr.on('data', (d) => {
          stderr += d;
        });
        child.on('close', (status) => resolve({ status, stdout, stderr }));
      });
    const ok = await run('copy', '--from', `file://${dir}`, '--to', s3.storageUrl('cli/'));
    expect(ok.stdout).toMatch(/4 copied \(\d+ bytes\), 0 already there, 0 failed/);
    expect(ok.status).toBe(0);
    const bad = await run('copy', '--from', `file://${dir}`, '--to', 's3://Bad_Bucket');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/--to: the URL names no valid bucket/);
  }, 60_000);
});
