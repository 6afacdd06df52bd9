import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestS3Server } from '../test/s3-server';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './storage';
import { parseStorageUrl } from './storage-url';

/**
 * The storage contract (storage.ts), the same tests on both drivers: local disk, and an S3-compatible server
 * started here (real S3 HTTP through the AWS SDK, test/s3-server.ts).
 */
let s3: TestS3Server;
let localDir: string;
beforeAll(async () => {
  s3 = await TestS3Server.start();
  localDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cairn-storage-'));
});
afterAll(async () => {
  await s3?.stop();
  await fs.rm(localDir, { recursive: true, force: true });
});

const drivers: [string, () => Storage][] = [
  ['local disk', () => new LocalStorage(localDir)],
  [
    'S3',
    () => {
      const target = parseStorageUrl(s3.storageUrl('tenant/'));
      if (typeof target === 'string' || target.kind !== 's3') throw new Error(String(target));
      return new S3Storage(target, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
    },
  ],
];

const text = async (r: Readable | null) => {
  if (!r) return null;
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

/** A source that sends `good` bytes, then fails, as a client that drops the connection mid-upload. */
async function* failingAfter(good: number) {
  const chunk = 1024 * 1024;
  for (let sent = 0; sent < good; sent += chunk) yield Buffer.alloc(Math.min(chunk, good - sent), 7);
  throw new Error('client went away');
}

describe.each(drivers)('storage on %s', (_name, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = make();
    await storage.probe();
  });
  afterAll(async () => storage.close());

  it('writes, reads, streams a range, sizes and lists a file', async () => {
    await storage.put('media/1/a.txt', Readable.from([Buffer.from('hello world')]));
    expect((await storage.get('media/1/a.txt'))?.toString()).toBe('hello world');
    expect(await text(await storage.stream('media/1/a.txt'))).toBe('hello world');
    expect(await text(await storage.stream('media/1/a.txt', { start: 6, end: 10 }))).toBe('world');
    expect(await storage.size('media/1/a.txt')).toBe(11);
    const listed = [];
    for await (const f of storage.list('media/1/')) listed.push([f.key, f.size]);
    expect(listed).toEqual([['media/1/a.txt', 11]]);
  });

  it('answers null for a missing file, and deletes idempotently', async () => {
    expect(await storage.get('media/1/none.txt')).toBeNull();
    expect(await storage.stream('media/1/none.txt')).toBeNull();
    expect(await storage.size('media/1/none.txt')).toBeNull();
    await storage.put('media/1/gone.txt', Readable.from([Buffer.from('x')]));
    await storage.delete('media/1/gone.txt');
    await storage.delete('media/1/gone.txt');
    expect(await storage.size('media/1/gone.txt')).toBeNull();
  });

  it('moves a file (promotion of a verified upload): the old key is gone, the new one whole', async () => {
    await storage.put('uploads/u1.bin', Readable.from([Buffer.from('promoted')]));
    await storage.move('uploads/u1.bin', 'media/2/u1.bin');
    expect(await storage.size('uploads/u1.bin')).toBeNull();
    expect((await storage.get('media/2/u1.bin'))?.toString()).toBe('promoted');
    await expect(storage.move('uploads/none.bin', 'media/2/none.bin')).rejects.toThrow();
  });

  it('stores a large file in parts and reads back the same bytes', async () => {
    const big = Buffer.alloc(19 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    await storage.put('media/3/big.bin', Readable.from([big.subarray(0, 7e6), big.subarray(7e6)]));
    expect(await storage.size('media/3/big.bin')).toBe(big.length);
    const back = createHash('sha256');
    for await (const c of (await storage.stream('media/3/big.bin'))!) back.update(c as Buffer);
    expect(back.digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));
  });

  it('a failed upload leaves nothing behind: no file, and (S3) no multipart parts', async () => {
    // small: one request; large: a multipart upload failing after two parts went up
    await expect(storage.put('media/4/small.bin', Readable.from(failingAfter(1000)))).rejects.toThrow(/went away/);
    await expect(storage.put('media/4/large.bin', Readable.from(failingAfter(18 * 1024 * 1024)))).rejects.toThrow(
      /went away/,
    );
    expect(await storage.size('media/4/small.bin')).toBeNull();
    expect(await storage.size('media/4/large.bin')).toBeNull();
    const left = [];
    for await (const f of storage.list('media/4/')) left.push(f.key);
    expect(left).toEqual([]);
    if (storage.kind === 's3') expect(await s3.pendingUploads()).toEqual([]);
    else expect((await fs.readdir(path.join(localDir, 'media/4')).catch(() => [])).length).toBe(0);
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../x', '/etc/passwd', 'a/../../b', 'a/.hidden', 'a\\b', 'a%2f..']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/unsafe/);
    }
  });
});

describe('S3 store', () => {
  it('keeps the files of a prefix apart from the rest of the bucket', async () => {
    expect(await s3.keys()).toContain('tenant/media/1/a.txt');
    expect((await s3.keys()).every((k) => k.startsWith('tenant/'))).toBe(true);
  });

  it('a presigned URL serves the file straight from the store, with the disposition asked for', async () => {
    const [, make] = drivers[1];
    const storage = make() as S3Storage;
    const url = await storage.presign('media/1/a.txt', 60, 'attachment; filename="a.txt"');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello world');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="a.txt"');
    await storage.close();
  });

  it('a store that cannot be reached or written refuses the probe, saying why', async () => {
    const base = parseStorageUrl(s3.storageUrl());
    if (typeof base === 'string' || base.kind !== 's3') throw new Error('bad url');
    const creds = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    const noBucket = new S3Storage({ ...base, bucket: 'no-such-bucket' }, creds);
    await expect(noBucket.probe()).rejects.toThrow(
      /STORAGE_URL: cannot write to bucket no-such-bucket.*does not exist/,
    );
    const badKey = new S3Storage(base, { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' });
    await expect(badKey.probe()).rejects.toThrow(/access denied/);
    const down = new S3Storage({ ...base, endpoint: 'http://127.0.0.1:9' }, creds);
    await expect(down.probe()).rejects.toThrow(/cannot be reached/);
    await Promise.all([noBucket.close(), badKey.close(), down.close()]);
  });
});
