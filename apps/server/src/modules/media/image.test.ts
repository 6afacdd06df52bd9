import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_SIZES, type ImageEdits, imageUrl, uploadResponseSchema } from '@cairn/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { imageHref } from '../../lib/file-urls';
import {
  createMediaApp,
  filesUnder,
  jpeg,
  type MediaTestApp,
  multipart,
  pdf,
  png,
} from '../../test/fixtures/media.fixtures';
import { bearer, login } from '../../test/harness';

const SQUARE_48 = { resize: { width: 48, height: 48, fit: 'cover' as const } };
const SQUARE_50 = { resize: { width: 50, height: 50, fit: 'cover' as const } };

let t: MediaTestApp;
let token: string;
let landscapeKey: string;
let portraitKey: string;
let pdfKey: string;

const put = async (filename: string, content: Buffer) => {
  const { payload, headers } = multipart([{ name: 'file', filename, content }]);
  const res = await t.app.inject({ method: 'POST', url: '/media', payload, headers: { ...headers, ...bearer(token) } });
  // the key, without the signature (imageHref signs again, as the presenters do)
  return uploadResponseSchema.parse(res.json()).url.slice('/files/'.length).split('?')[0];
};

beforeAll(async () => {
  t = await createMediaApp();
  token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  landscapeKey = await put('wide.png', await png(1200, 800));
  portraitKey = await put('tall.jpg', await jpeg(300, 700));
  pdfKey = await put('doc.pdf', pdf());
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const raw = (request: unknown) => `/img/${Buffer.from(JSON.stringify(request)).toString('base64url')}`;

describe('GET /img/{request}', () => {
  it.each<[string, ImageEdits, number, number, string]>([
    ['media 600x400 inside', IMAGE_SIZES.media, 600, 400, 'landscape'],
    ['reward 160 cover', IMAGE_SIZES.reward, 160, 160, 'portrait'],
    ['avatar 48', SQUARE_48, 48, 48, 'landscape'],
    ['background portrait', IMAGE_SIZES.backgroundPortrait, 900, 1600, 'landscape'],
    ['thumbnail 80', { resize: { width: 80, height: 80, fit: 'cover' } }, 80, 80, 'portrait'],
  ])('%s really has the requested size', async (_name, edits, width, height, which) => {
    const key = which === 'landscape' ? landscapeKey : portraitKey;
    const res = await get(imageHref(key, edits));
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([width, height]);
    expect(res.headers['content-type']).toBe(which === 'landscape' ? 'image/png' : 'image/jpeg');
    // an upload is private: signed, and cached by the browser only until the signature expires
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it('a deleted image is gone at once, though its request was served (and remembered) before', async () => {
    const { payload, headers } = multipart([{ name: 'file', filename: 'gone.png', content: await png(200, 100) }]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/media',
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    const { id, url } = up.json() as { id: number; url: string };
    const variant = imageUrl(url, SQUARE_50);
    expect((await get(variant)).statusCode).toBe(200);
    expect((await get(variant)).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/media/${id}`, headers: bearer(token) });
    expect(del.statusCode).toBeLessThan(300);
    expect((await get(variant)).statusCode).toBe(404);
  });

  it('accepts a signed /files/ URL in the helper (the signature carries over) and needs no sign-in', async () => {
    const now = Date.now();
    const signedFile = `/files/${landscapeKey}?${imageHref(landscapeKey, undefined, now).split('?')[1]}`;
    expect(imageUrl(signedFile, SQUARE_50)).toBe(imageHref(landscapeKey, SQUARE_50, now));
    expect(imageUrl('https://cdn.example.com/a.png', SQUARE_50)).toBe('https://cdn.example.com/a.png');
    expect((await get(imageUrl(signedFile, SQUARE_50))).statusCode).toBe(200);
    // without the signature the same image is refused
    expect((await get(imageUrl(landscapeKey, SQUARE_50))).statusCode).toBe(403);
  });

  it('serves a cache hit from disk, and 304 for a known ETag', async () => {
    const edits = { resize: { width: 200, height: 200, fit: 'cover' as const } };
    const first = await get(imageHref(landscapeKey, edits));
    expect(first.statusCode).toBe(200);
    const cached = await filesUnder(path.join(t.dir, 'cache', 'img'));
    expect(cached.some((f) => f.endsWith('.png'))).toBe(true);
    // with the original gone from storage, only the cache can answer
    const original = path.join(t.dir, 'files', landscapeKey);
    const saved = await fs.readFile(original);
    await fs.rm(original);
    try {
      const second = await get(imageHref(landscapeKey, edits));
      expect(second.statusCode).toBe(200);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(second.headers.etag).toBe(first.headers.etag);
      const uncached = await get(imageHref(landscapeKey, { resize: { width: 250, height: 250, fit: 'cover' } }));
      expect(uncached.statusCode).toBe(404);
    } finally {
      await fs.writeFile(original, saved);
    }
    const notModified = await get(imageHref(landscapeKey, edits), { 'if-none-match': String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);
  });

  it.each([
    '../../etc/passwd',
    '%2e%2e/%2e%2e/etc/passwd',
    '/etc/passwd',
    'media/../../../etc/passwd',
    'media/..\\..\\etc\\passwd',
    '.env',
    'media/\u0000x.png',
  ])('refuses the key %j with 400', async (key) => {
    const res = await get(raw({ bucket: 'files', key, edits: SQUARE_48 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('refuses encoded traversal in the path itself', async () => {
    for (const p of ['/img/..%2F..%2Fetc%2Fpasswd', '/img/%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/img/..%5c..%5cwin.ini']) {
      const res = await get(p);
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('root:');
    }
  });

  it.each([
    ['width over 4000', { resize: { width: 4001, height: 10 } }],
    ['zero width', { resize: { width: 0, height: 10 } }],
    ['negative height', { resize: { width: 10, height: -5 } }],
    ['fractional width', { resize: { width: 10.5 } }],
    ['no size', { resize: { fit: 'cover' } }],
    ['unknown fit', { resize: { width: 10, height: 10, fit: 'stretch' } }],
    ['unknown edit', { rotate: 90 }],
  ])('refuses %s with 400', async (_name, edits) => {
    const res = await get(raw({ bucket: 'files', key: landscapeKey, edits }));
    expect(res.statusCode).toBe(400);
  });

  it('answers 400 for malformed requests and 404 for unknown keys or buckets', async () => {
    expect((await get('/img/not*base64')).statusCode).toBe(400);
    expect((await get(`/img/${Buffer.from('not json').toString('base64url')}`)).statusCode).toBe(400);
    expect((await get(raw({ key: landscapeKey }))).statusCode).toBe(400);
    expect((await get(raw({ bucket: 'other', key: landscapeKey }))).statusCode).toBe(404);
    expect((await get(imageHref('media/1/0123456789abcdef0123456789abcdef.png', SQUARE_48))).statusCode).toBe(404);
    const notImage = await get(imageHref(pdfKey, SQUARE_48));
    expect(notImage.statusCode).toBe(400);
  });
});

describe('GET /img/{request}: only the sizes the app shows, in a cache of bounded bytes (issue 26, item 8)', () => {
  it.each([
    ['a width of no list', { resize: { width: 301, height: 301, fit: 'cover' } }],
    ['a width alone', { resize: { width: 80 } }],
    ['a listed width with another fit', { resize: { width: 80, height: 80, fit: 'fill' } }],
    ['the media size cropped', { resize: { width: 600, height: 400, fit: 'cover' } }],
  ])('refuses %s with 422 and the error body, making nothing', async (_name, edits) => {
    const before = await filesUnder(path.join(t.dir, 'cache', 'img'));
    const res = await get(imageHref(landscapeKey, edits as ImageEdits));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_failed', rules: { edits: { rule: 'oneOf' } } });
    expect(await filesUnder(path.join(t.dir, 'cache', 'img'))).toEqual(before);
  });

  it('keeps the cache under IMAGE_CACHE_MB, evicting the least recently used variants first', async () => {
    const bound = 6000;
    const small = await createMediaApp({}, undefined, { imageCacheBytes: bound });
    try {
      const tok = (await login(small.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
      const { payload, headers } = multipart([{ name: 'file', filename: 'noise.png', content: await noise() }]);
      const up = await small.app.inject({
        method: 'POST',
        url: '/media',
        payload,
        headers: { ...headers, ...bearer(tok) },
      });
      const key = uploadResponseSchema.parse(up.json()).url.slice('/files/'.length).split('?')[0];
      const dir = path.join(small.dir, 'cache', 'img');
      const onDisk = async () => {
        const files = await filesUnder(dir);
        const sizes = await Promise.all(files.map((f) => fs.stat(path.join(dir, f)).then((s) => s.size)));
        return { files, bytes: sizes.reduce((a, b) => a + b, 0) };
      };
      const square = (w: number) => ({ resize: { width: w, height: w, fit: 'cover' as const } });
      const at = (w: number) => small.app.inject({ url: imageHref(key, square(w)) });
      // 24 first, then 32; 24 is read again, so 32 is now the least recently used
      expect((await at(24)).statusCode).toBe(200);
      const first = (await onDisk()).files;
      expect((await at(32)).statusCode).toBe(200);
      const second = (await onDisk()).files.filter((f) => !first.includes(f));
      expect((await at(24)).statusCode).toBe(200);
      let evicted = false;
      for (const w of [36, 40, 48, 50, 80, 200, 250]) {
        expect((await at(w)).statusCode).toBe(200);
        const now = await onDisk();
        expect(now.bytes).toBeLessThanOrEqual(bound);
        if (!now.files.includes(second[0])) evicted = true;
        // the least recently used goes first: 24, read after 32, never leaves before it
        if (!now.files.includes(first[0])) expect(now.files).not.toContain(second[0]);
      }
      expect(evicted).toBe(true);
    } finally {
      await small.close();
    }
  });
});

/** A PNG of random pixels: its resized copies are not tiny, so a few fill a small cache. */
const noise = () =>
  sharp(Buffer.from(Array.from({ length: 300 * 300 * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: 300, height: 300, channels: 3 },
  })
    .png()
    .toBuffer();
