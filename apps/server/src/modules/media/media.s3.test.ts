import { randomBytes } from 'node:crypto';
import { IMAGE_SIZES, uploadResponseSchema } from '@cairn/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageConfig } from '../../config';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { imageHref } from '../../lib/file-urls';
import { parseStorageUrl } from '../../storage/storage-url';
import {
  createMediaApp,
  filesUnder,
  type MediaTestApp,
  multipart,
  type Part,
  pdf,
  png,
} from '../../test/fixtures/media.fixtures';
import { bearer, login } from '../../test/harness';
import { TestS3Server } from '../../test/s3-server';

/**
 * The media module on an S3 store (STORAGE_URL=s3://…): an S3-API server started here, the app on the real AWS SDK.
 * What a user notices is the same as on local disk (media.test.ts): uploads verified then promoted, limits, signed
 * private URLs, deletes, downloads and zips streamed — and nothing lands on the instance's own disk.
 */
let s3: TestS3Server;
let t: MediaTestApp;
let learner: string;

function storageConfig(redirect: boolean, prefix: string): StorageConfig {
  const target = parseStorageUrl(s3.storageUrl(prefix));
  if (typeof target === 'string') throw new Error(target);
  return { target, redirect, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } };
}

beforeAll(async () => {
  s3 = await TestS3Server.start();
  t = await createMediaApp({ image: 64 * 1024 }, undefined, {}, { storage: storageConfig(false, 'a/') });
  learner = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const upload = (app: MediaTestApp, parts: Part[]) => {
  const { payload, headers } = multipart(parts);
  return app.app.inject({ method: 'POST', url: '/media', payload, headers: { ...headers, ...bearer(learner) } });
};
const file = (filename: string, content: Buffer): Part => ({ name: 'file', filename, content });
const uploaded = async (name: string, content: Buffer, app = t) =>
  uploadResponseSchema.parse((await upload(app, [file(name, content)])).json());
const keyOf = (url: string) => url.slice('/files/'.length).split('?')[0];

describe('media on an S3 store', () => {
  it('stores an upload in the bucket (not on the instance disk) and serves it by its signed URL only', async () => {
    const image = await png(30, 20);
    const m = await uploaded('Holiday photo.png', image);
    const key = keyOf(m.url);
    expect(await s3.keys()).toContain(`a/${key}`);
    // the upload's temporary object was promoted (copy, then delete): no uploads/ left
    expect((await s3.keys()).filter((k) => k.startsWith('a/uploads/'))).toEqual([]);
    expect(await filesUnder(`${t.dir}/files`)).toEqual([]);
    const served = await t.app.inject({ url: m.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
    expect(served.headers['cache-control']).toMatch(/^private/);
    expect(served.rawPayload.equals(image)).toBe(true);
    // private stays private: no signature, or a forged one, is a 403
    expect((await t.app.inject({ url: `/files/${key}` })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: m.url.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`) }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/files/media/1/none.png' })).statusCode).toBe(403);
  });

  it('serves byte ranges and answers 304 to a matching ETag', async () => {
    const content = pdf();
    const m = await uploaded('notes.pdf', content);
    const part = await t.app.inject({ url: m.url, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${content.length}`);
    expect(part.body).toBe('%PDF-1.4');
    const full = await t.app.inject({ url: m.url });
    expect(full.headers['content-security-policy']).toMatch(/sandbox/);
    const again = await t.app.inject({ url: m.url, headers: { 'if-none-match': String(full.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const bad = await t.app.inject({ url: m.url, headers: { range: `bytes=${content.length + 5}-` } });
    expect(bad.statusCode).toBe(416);
  });

  it('refuses a too large file with 413 and leaves nothing in the bucket', async () => {
    const before = await s3.keys();
    const res = await upload(t, [file('big.png', Buffer.concat([await png(8, 8), randomBytes(200 * 1024)]))]);
    expect(res.statusCode).toBe(413);
    expect(await s3.keys()).toEqual(before);
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it("stops an upload past the user's quota with 413 quota_exceeded, as on disk, and stores nothing", async () => {
    const q = await createMediaApp(
      {},
      undefined,
      { quota: { userBytes: 100 * 1024, customerBytes: 1024 * 1024 } },
      {
        storage: storageConfig(false, 'q/'),
      },
    );
    try {
      const token = (await login(q.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
      const send = async (content: Buffer) => {
        const { payload, headers } = multipart([file('q.txt', content)]);
        return q.app.inject({ method: 'POST', url: '/media', payload, headers: { ...headers, ...bearer(token) } });
      };
      expect((await send(Buffer.alloc(60 * 1024, 'a'))).statusCode).toBe(200);
      const before = await s3.keys();
      const over = await send(Buffer.alloc(60 * 1024, 'a'));
      expect(over.statusCode).toBe(413);
      expect(over.json().code).toBe('quota_exceeded');
      expect(await s3.keys()).toEqual(before);
    } finally {
      await q.close();
    }
  });

  it('deletes the stored file and its resized copies; a second delete is a 404', async () => {
    const m = await uploaded('gone.png', await png(300, 200));
    const key = keyOf(m.url);
    const img = await t.app.inject({ url: imageHref(key, IMAGE_SIZES.reward) });
    expect(img.statusCode).toBe(200);
    expect((await s3.keys()).some((k) => k.startsWith('a/variants/'))).toBe(true);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/media/${m.id}`, headers: bearer(learner) });
    expect(res.statusCode).toBe(200);
    expect(await s3.keys()).not.toContain(`a/${key}`);
    expect((await s3.keys()).filter((k) => k.startsWith('a/variants/'))).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/media/${m.id}`, headers: bearer(learner) });
    expect(again.statusCode).toBe(404);
    // this node's cached copy is not served once the original is gone
    expect((await t.app.inject({ url: imageHref(key, IMAGE_SIZES.reward) })).statusCode).toBe(404);
  });

  it('downloads one file and a zip of several, streamed from the store', async () => {
    const a = await png(12, 12);
    const ma = await uploaded('one.png', a);
    const mb = await uploaded('two.txt', Buffer.from('some notes\n'));
    const one = await t.app.inject({ url: `/api/media/${ma.id}/download`, headers: bearer(learner) });
    expect(one.statusCode).toBe(200);
    expect(one.rawPayload.equals(a)).toBe(true);
    const zip = await t.app.inject({ url: `/api/media/download?ids=${ma.id},${mb.id}`, headers: bearer(learner) });
    expect(zip.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(['one.png', 'two.txt']);
    expect(Buffer.from(entries['one.png']).equals(a)).toBe(true);
  });

  it('with STORAGE_REDIRECT=1, a signed /files URL redirects to a presigned URL that expires with it', async () => {
    const r = await createMediaApp({}, undefined, {}, { storage: storageConfig(true, 'a/') });
    try {
      const token = (await login(r.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
      const { payload, headers } = multipart([file('r.png', await png(10, 10))]);
      const m = uploadResponseSchema.parse(
        (
          await r.app.inject({ method: 'POST', url: '/media', payload, headers: { ...headers, ...bearer(token) } })
        ).json(),
      );
      const res = await r.app.inject({ url: m.url });
      expect(res.statusCode).toBe(302);
      expect(res.headers['cache-control']).toBe('no-store');
      const location = new URL(String(res.headers.location));
      expect(location.origin).toBe(s3.endpoint);
      const exp = Number(new URL(m.url, 'http://x').searchParams.get('exp'));
      const expires = Number(location.searchParams.get('X-Amz-Expires'));
      const signedAt = Date.parse(
        (location.searchParams.get('X-Amz-Date') ?? '').replace(
          /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/,
          '$1-$2-$3T$4:$5:$6Z',
        ),
      );
      expect(Math.abs(signedAt / 1000 + expires - exp)).toBeLessThanOrEqual(2);
      const fetched = await fetch(location);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-disposition')).toMatch(/^attachment/);
      // no signature: refused before any redirect
      expect((await r.app.inject({ url: `/files/${keyOf(m.url)}` })).statusCode).toBe(403);
      // a chosen avatar is shared without a signature: redirected with the signing lifetime
      const me = (await r.app.inject({ url: '/api/user/profile', headers: bearer(token) })).json().data.id as number;
      const attach = await r.app.inject({
        method: 'POST',
        url: '/api/vaults/attach',
        headers: bearer(token),
        payload: { vault_ids: [m.id], relation: 'avatar', model: 'user', model_id: me },
      });
      expect(attach.statusCode).toBe(200);
      const avatar = await r.app.inject({ url: `/files/${keyOf(m.url)}` });
      expect(avatar.statusCode).toBe(302);
      const shared = new URL(String(avatar.headers.location));
      expect(Number(shared.searchParams.get('X-Amz-Expires'))).toBe(r.config.fileUrls.ttlSeconds);
      expect((await fetch(shared)).status).toBe(200);
    } finally {
      await r.close();
    }
  });
});
