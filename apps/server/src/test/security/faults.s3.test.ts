import { uploadResponseSchema } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { parseStorageUrl } from '../../storage/storage-url';
import { createMediaApp, type MediaTestApp, multipart, png } from '../fixtures/media.fixtures';
import { bearer, login } from '../harness';
import { TestS3Server } from '../s3-server';

/**
 * The S3 store stopped for 10 s under a running app (STORAGE_URL=s3://…): uploads answer 503 with Retry-After at
 * once, nothing half-written is left (no object, no row, no multipart parts), and the app recovers by itself when
 * the store is back — no restart.
 */
let s3: TestS3Server;
let t: MediaTestApp;
let learner: string;

beforeAll(async () => {
  s3 = await TestS3Server.start();
  const target = parseStorageUrl(s3.storageUrl());
  if (typeof target === 'string') throw new Error(target);
  t = await createMediaApp(
    {},
    undefined,
    {},
    {
      storage: { target, redirect: false, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
    },
  );
  learner = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const upload = async (content: Buffer) => {
  const { payload, headers } = multipart([{ name: 'file', filename: 'p.png', content }]);
  return t.app.inject({ method: 'POST', url: '/media', payload, headers: { ...headers, ...bearer(learner) } });
};
const rows = async () => (await t.database.db.select({ id: media.id }).from(media)).length;

describe('faults: the S3 store stopped for 10 s', () => {
  it('answers 503 with Retry-After, leaves nothing half-written, and recovers by itself', async () => {
    const before = await uploadResponseSchema.parseAsync((await upload(await png(10, 10))).json());
    const keysBefore = await s3.keys();
    const rowsBefore = await rows();
    await s3.pause();
    const stoppedAt = Date.now();
    const answers: { status: number; retryAfter: unknown; ms: number }[] = [];
    while (Date.now() - stoppedAt < 10_000) {
      const started = Date.now();
      const res = await upload(await png(12, 12));
      answers.push({ status: res.statusCode, retryAfter: res.headers['retry-after'], ms: Date.now() - started });
      // reading a stored file is refused the same way, not a 500
      const read = await t.app.inject({ url: before.url });
      expect(read.statusCode).toBe(503);
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(answers.length).toBeGreaterThan(3);
    for (const a of answers) {
      expect(a.status).toBe(503);
      expect(a.retryAfter).toBe('5');
    }
    await s3.resume();
    // nothing written while it was down
    expect(await s3.keys()).toEqual(keysBefore);
    expect(await s3.pendingUploads()).toEqual([]);
    expect(await rows()).toBe(rowsBefore);
    // back by itself: the next upload is stored and served
    const after = await upload(await png(14, 14));
    expect(after.statusCode).toBe(200);
    const m = uploadResponseSchema.parse(after.json());
    expect((await t.app.inject({ url: m.url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: before.url })).statusCode).toBe(200);
  }, 40_000);
});
