import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { pipeline, type Readable, Transform } from 'node:stream';
import { errorBodySchema, uploadResponseSchema } from '@cairn/shared';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { media } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { LocalStorage } from '../../storage/local';
import { createMediaApp, type MediaTestApp, multipart, pdf } from '../../test/fixtures/media.fixtures';
import { bearer, login } from '../../test/harness';

/**
 * Issue 26, item 3: downloads.zip streams with backpressure (a client that stops reading stops the storage reads),
 * and a request is capped in files, bytes and zips at once per user.
 */
const MB = 1024 * 1024;
const FILE_BYTES = 16 * MB;
const FILES = 4;

let t: MediaTestApp;
let learner: string;
let port: number;
let big: number[] = [];

/** Uploads a small PDF, then swaps its stored bytes for `bytes` of filler (the table's size follows). */
async function storedFile(token: string, bytes: number): Promise<number> {
  const { payload, headers } = multipart([{ name: 'file', filename: 'doc.pdf', content: pdf() }]);
  const res = await t.app.inject({ method: 'POST', url: '/media', payload, headers: { ...headers, ...bearer(token) } });
  const body = uploadResponseSchema.parse(res.json());
  const key = body.url.slice('/files/'.length).split('?')[0];
  await fs.writeFile(path.join(t.dir, 'files', key), Buffer.alloc(bytes, 0x61));
  await t.database.db.update(media).set({ size: bytes }).where(eq(media.id, body.id));
  return body.id;
}

beforeAll(async () => {
  t = await createMediaApp({}, undefined, { zip: { maxBytes: 100 * MB, maxFiles: 6, concurrent: 2 } });
  learner = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  big = [];
  for (let i = 0; i < FILES; i++) big.push(await storedFile(learner, FILE_BYTES));
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** Counts the bytes read from storage through the storage seam (every stream the routes open). */
function countStorageReads(): { readonly bytes: number } {
  const counter = { bytes: 0 };
  const original = LocalStorage.prototype.stream;
  vi.spyOn(LocalStorage.prototype, 'stream').mockImplementation(async function (this: LocalStorage, key: string) {
    const s: Readable | null = await original.call(this, key);
    if (!s) return s;
    // counted as the consumer pulls: a Transform in between keeps the stream's backpressure
    const counted = new Transform({
      transform(chunk: Buffer, _enc, done) {
        counter.bytes += chunk.length;
        done(null, chunk);
      },
    });
    pipeline(s, counted, () => {});
    return counted;
  });
  return counter;
}

/** Opens a download over a real socket and stops reading as soon as the headers are in. */
function pausedDownload(ids: number[]): Promise<{ res: http.IncomingMessage; req: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { port, host: '127.0.0.1', path: `/api/media/download?ids=${ids.join(',')}`, headers: bearer(learner) },
      (res) => {
        res.pause();
        resolve({ res, req });
      },
    );
    req.on('error', reject);
  });
}

/** Waits until `read()` has not changed for `quietMs` (or `maxMs` passed). */
async function settled(read: () => number, quietMs = 400, maxMs = 10_000): Promise<number> {
  const start = Date.now();
  let last = -1;
  let since = Date.now();
  while (Date.now() - start < maxMs) {
    const now = read();
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return now;
    await new Promise((r) => setTimeout(r, 50));
  }
  return read();
}

const get = (url: string) => t.app.inject({ url, headers: bearer(learner) });

describe('GET /api/media/download: backpressure', () => {
  it('reads from storage only as fast as a paused client takes the zip, then sends all of it', async () => {
    const reads = countStorageReads();
    const { res } = await pausedDownload(big);
    expect(res.statusCode).toBe(200);
    const whilePaused = await settled(() => reads.bytes);
    // the socket buffers and a chunk or two per stream, not the 64 MB selection
    expect(whilePaused).toBeLessThan((FILES * FILE_BYTES) / 2);

    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.resume();
    await new Promise((r) => res.on('end', r));
    expect(reads.bytes).toBe(FILES * FILE_BYTES);
    const entries = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(Object.values(entries).map((e) => e.length)).toEqual(Array(FILES).fill(FILE_BYTES));
  });
});

describe('GET /api/media/download: caps', () => {
  it('answers 413 with the error body for more files than ZIP_MAX_FILES, before reading anything', async () => {
    const reads = countStorageReads();
    const res = await get(`/api/media/download?ids=${[1, 2, 3, 4, 5, 6, 7].join(',')}`);
    expect(res.statusCode).toBe(413);
    expect(errorBodySchema.parse(res.json())).toMatchObject({ code: 'payload_too_large' });
    expect(res.json().message).toMatch(/at most 6 files/);
    expect(reads.bytes).toBe(0);
  });

  it('answers 413 with the error body for a selection over ZIP_MAX_MB, before sending a byte', async () => {
    const reads = countStorageReads();
    const extra = [await storedFile(learner, 20 * MB), await storedFile(learner, 20 * MB)];
    // 64 + 40 MB > 100 MB
    const res = await get(`/api/media/download?ids=${[...big, ...extra].join(',')}`);
    expect(res.statusCode).toBe(413);
    expect(errorBodySchema.parse(res.json())).toMatchObject({ code: 'payload_too_large' });
    expect(res.json().message).toMatch(/at most 100 MB/);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(reads.bytes).toBe(0);
  });

  it('answers 429 with Retry-After past ZIP_CONCURRENT zips of one user, and frees the slot when one ends', async () => {
    const first = await pausedDownload(big);
    const second = await pausedDownload(big);
    expect([first.res.statusCode, second.res.statusCode]).toEqual([200, 200]);
    const third = await get(`/api/media/download?ids=${big.join(',')}`);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toMatch(/^\d+$/);
    expect(errorBodySchema.parse(third.json())).toMatchObject({ code: 'rate_limited' });

    // a client that gives up gives its slot back
    first.req.destroy();
    second.req.destroy();
    let again = await get(`/api/media/download?ids=${big.slice(0, 2).join(',')}`);
    for (let i = 0; i < 50 && again.statusCode === 429; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = await get(`/api/media/download?ids=${big.slice(0, 2).join(',')}`);
    }
    expect(again.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(again.rawPayload)))).toHaveLength(2);
  });
});
