import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_SIZES, uploadResponseSchema } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { createDatabase, type Database } from '../db/client';
import { imageHref } from '../lib/file-urls';
import { parseStorageUrl } from '../storage/storage-url';
import { createMediaApp, filesUnder, type MediaTestApp, multipart, png } from './fixtures/media.fixtures';
import { importTest, optionId, player } from './fixtures/trails.fixtures';
import { bearer, login, type TestApp } from './harness';
import { TestS3Server } from './s3-server';

/**
 * Two instances on separate disks (their own DATA_DIR, files directory and image cache), sharing PostgreSQL, Redis
 * (when REDIS_URL is set, as in CI's services pass) and one S3-compatible store: they behave as one for every
 * file — an upload through A is served by B, a PDF rendered by a job on B downloads through A, an image variant
 * asked of both is rendered once.
 */
const EXAM = `format: cairn-trail/1
name: Shared results
type: exam
tries: 2
pass_percent: 50
pebbles:
  - name: Q1
    xp: 10
    minerals:
      - type: sa_text
        title: One plus one?
        values: [ '1', { value: '2', correct: true } ]
`;

let s3: TestS3Server;
let a: MediaTestApp;
let b: TestApp & { dir: string };
let bDatabase: Database;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  s3 = await TestS3Server.start();
  const target = parseStorageUrl(s3.storageUrl('shared/'));
  if (typeof target === 'string') throw new Error(target);
  const storage = { target, redirect: false, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };
  a = await createMediaApp({}, undefined, {}, { storage });
  // B: the same database, Redis and store; a disk of its own
  const dir = await fs.mkdtemp(path.join(path.dirname(a.dir), 'cairn-instance-b-'));
  const config: AppConfig = {
    ...a.config,
    dataDir: dir,
    filesDir: path.join(dir, 'files'),
    outboxDir: path.join(dir, 'outbox'),
    media: { ...a.config.media, imageCacheDir: path.join(dir, 'cache', 'img') },
  };
  bDatabase = createDatabase(a.config.databaseUrl as string, { max: 5 });
  const app = await buildApp(config, { database: bDatabase, logger: false });
  await app.ready();
  b = { app, config, database: bDatabase, dir, close: async () => {} };
  tokenA = (await login(a.app, 'learner@example.com', 'learner123')).access_token;
  tokenB = (await login(b.app, 'learner@example.com', 'learner123')).access_token;
});
afterAll(async () => {
  await b?.app.close();
  await bDatabase?.close();
  await a?.close();
  if (b) await fs.rm(b.dir, { recursive: true, force: true });
  await s3?.stop();
});

describe('two instances, two disks, one S3 store', () => {
  it("serves through B a learner's upload accepted by A", async () => {
    const image = await png(40, 30);
    const { payload, headers } = multipart([{ name: 'file', filename: 'answer.png', content: image }]);
    const res = await a.app.inject({
      method: 'POST',
      url: '/media',
      payload,
      headers: { ...headers, ...bearer(tokenA) },
    });
    expect(res.statusCode).toBe(200);
    const m = uploadResponseSchema.parse(res.json());
    const viaB = await b.app.inject({ url: m.url });
    expect(viaB.statusCode).toBe(200);
    expect(viaB.rawPayload.equals(image)).toBe(true);
    const listed = await b.app.inject({ url: `/api/media/${m.id}/download`, headers: bearer(tokenB) });
    expect(listed.rawPayload.equals(image)).toBe(true);
    // neither instance keeps the file on its own disk
    expect(await filesUnder(path.join(a.dir, 'files'))).toEqual([]);
    expect(await filesUnder(path.join(b.dir, 'files'))).toEqual([]);
  });

  it('downloads through A a results PDF rendered by a job on B', async () => {
    const trailId = await importTest(b, EXAM, { assign: ['learner@example.com'] });
    const p = player(b, tokenB);
    const peb = await p.pebble(trailId);
    await p.ok(peb.id, [{ id: peb.minerals[0].id, options: [optionId(peb, '2')] }]);
    const url = `/api/results/${trailId}/pdf/me`;
    const me = (await b.app.inject({ url: '/api/user/profile', headers: bearer(tokenB) })).json().data.id as number;
    const asked = await b.app.inject({ url: url.replace('me', String(me)), headers: bearer(tokenB) });
    expect(asked.statusCode).toBe(202);
    await b.app.jobs.drain();
    await a.app.jobs.drain();
    const ready = await a.app.inject({ url: url.replace('me', String(me)), headers: bearer(tokenA) });
    expect(ready.statusCode).toBe(200);
    const pdfUrl = ready.json().pdf as string;
    const pdf = await a.app.inject({ url: pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await s3.keys()).toContain(`shared/${pdfUrl.slice('/files/'.length).split('?')[0]}`);
  });

  it('renders an image variant asked of both instances once, and both serve the same bytes', async () => {
    const { payload, headers } = multipart([{ name: 'file', filename: 'big.png', content: await png(600, 400) }]);
    const m = uploadResponseSchema.parse(
      (
        await a.app.inject({ method: 'POST', url: '/media', payload, headers: { ...headers, ...bearer(tokenA) } })
      ).json(),
    );
    const key = m.url.slice('/files/'.length).split('?')[0];
    const href = imageHref(key, IMAGE_SIZES.reward);
    const fromA = await a.app.inject({ url: href });
    expect(fromA.statusCode).toBe(200);
    const writesOfB = vi.spyOn(b.app.storage, 'put');
    const fromB = await b.app.inject({ url: href });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect(fromB.headers.etag).toBe(fromA.headers.etag);
    // B took A's rendering from the store: it wrote nothing
    expect(writesOfB).not.toHaveBeenCalled();
    const variants = (await s3.keys()).filter((k) => k.startsWith('shared/variants/'));
    expect(variants).toHaveLength(1);
    // and B's own cache now holds it (a later request does not go back to the store for the bytes)
    expect((await filesUnder(path.join(b.dir, 'cache', 'img'))).length).toBeGreaterThan(0);
  });
});
