import fs from 'node:fs/promises';
import path from 'node:path';
import { errorBodySchema, imageUrl, uploadResponseSchema } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { fileHref, imageHref, signatureOf } from '../../lib/file-urls';
import { createMediaApp, type MediaTestApp, multipart, png } from '../fixtures/media.fixtures';
import { bearer, login } from '../harness';

/**
 * Private files (issue "Reliability and security", item 3; docs/security.md): a user's uploads are served at /files
 * and /img only with a signature that expires, which the API hands out to the users it lets read the file; public
 * trail content stays public and cacheable.
 */
let t: MediaTestApp;
let learner: string;
let peer: string;
let other: string;
let upload: { id: number; url: string; key: string };
const SQUARE = { resize: { width: 40, height: 40, fit: 'cover' as const } };
const HOURS = 3600_000;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

/** A refusal: 403, the shared error body, and nothing of the file. */
function expectRefused(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode).toBe(403);
  expect(errorBodySchema.safeParse(res.json()).success).toBe(true);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.rawPayload.includes(Buffer.from('PNG'))).toBe(false);
}

beforeAll(async () => {
  t = await createMediaApp();
  [learner, peer, other] = await Promise.all(
    [DEMO_USERS.learner, DEMO_USERS.rival, DEMO_USERS.other].map(
      async (u) => (await login(t.app, u.email, u.password)).access_token,
    ),
  );
  const { payload, headers } = multipart([{ name: 'file', filename: 'answer.png', content: await png(80, 60) }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/media',
    payload,
    headers: { ...headers, ...bearer(learner) },
  });
  const body = uploadResponseSchema.parse(res.json());
  upload = { id: body.id, url: body.url, key: body.url.slice('/files/'.length).split('?')[0] };
});
afterAll(() => t.close());

describe('private files: a signed URL that expires', () => {
  it('refuses the file to anyone without a signature, at /files and at /img', async () => {
    expect(upload.key).toMatch(/^media\/\d+\//);
    expectRefused(await get(`/files/${upload.key}`));
    expectRefused(await get(imageUrl(upload.key, SQUARE)));
    // a session is no substitute in a URL a browser loads: a bearer header alone does not open it either
    expectRefused(await get(`/files/${upload.key}`, bearer(learner)));
  });

  it('serves it with the signature the API handed out, cached privately until it expires', async () => {
    const file = await get(upload.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const cache = file.headers['cache-control'];
    expect(cache).toMatch(/^private, max-age=(\d+)$/);
    const exp = Number(new URL(upload.url, 'http://x').searchParams.get('exp'));
    expect(Number(/max-age=(\d+)/.exec(String(cache))?.[1])).toBeLessThanOrEqual(exp - Math.floor(Date.now() / 1000));
    // the same signature opens every resized copy (how the web app builds thumbnails)
    const thumb = await get(imageUrl(upload.url, SQUARE));
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/png');
    expect(thumb.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it('lasts at least FILE_URL_TTL (2 h by default) and then stops working', async () => {
    const issued = Date.now();
    const url = fileHref(upload.key, issued);
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    expect(exp * 1000 - issued).toBeGreaterThanOrEqual(2 * HOURS - 1000);
    // the same URL for a quarter of an hour at least, so browsers can cache it
    expect(
      new Set([1_000, 60_000, 899_000].map((d) => fileHref(upload.key, issued - (issued % 900_000) + d))).size,
    ).toBe(1);
    // a URL signed three hours ago has expired
    const old = fileHref(upload.key, issued - 3 * HOURS);
    expectRefused(await get(old));
    expect((await get(old)).json().message).toMatch(/expired/);
    expectRefused(await get(imageHref(upload.key, SQUARE, issued - 3 * HOURS)));
  });

  it('refuses forged, altered and borrowed signatures', async () => {
    const u = new URL(upload.url, 'http://x');
    const exp = u.searchParams.get('exp') ?? '';
    const sig = u.searchParams.get('sig') ?? '';
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const later = String(Number(exp) + 86_400);
    const forged = [
      `/files/${upload.key}?exp=${exp}&sig=${flipped}`,
      `/files/${upload.key}?exp=${later}&sig=${sig}`, // a longer life under the old signature
      `/files/${upload.key}?exp=${exp}`,
      `/files/${upload.key}?sig=${sig}`,
      `/files/${upload.key}?exp=${exp}&sig=`,
      `/files/${upload.key}?exp=-1&sig=${sig}`,
      `/files/${upload.key}?exp=${exp}&sig=${sig}&sig=${sig}`,
      // a signature made with another key
      `/files/${upload.key}?exp=${later}&sig=${signatureOf(upload.key, Number(later), Buffer.from('guessed secret'))}`,
    ];
    for (const url of forged) expectRefused(await get(url));
  });

  it("does not let one file's signature open another", async () => {
    const { payload, headers } = multipart([{ name: 'file', filename: 'b.png', content: await png(10, 10) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/media',
      payload,
      headers: { ...headers, ...bearer(peer) },
    });
    const theirs = uploadResponseSchema.parse(res.json()).url.split('?')[0];
    const query = upload.url.split('?')[1];
    expectRefused(await get(`${theirs}?${query}`));
  });

  it('answers the same refusal for a file that does not exist (a refusal reveals nothing)', async () => {
    const missing = `/files/media/1/${'0'.repeat(32)}.png`;
    const a = await get(missing);
    const b = await get(`/files/${upload.key}`);
    expect([a.statusCode, a.json()]).toEqual([b.statusCode, b.json()]);
    // a valid signature for a missing file is a plain 404
    expect((await get(fileHref(missing.slice('/files/'.length)))).statusCode).toBe(404);
  });

  it('cannot be reached through a public prefix by traversal or encoding', async () => {
    for (const url of [
      `/files/content/../${upload.key}`,
      `/files/content/%2e%2e/${upload.key}`,
      `/files/customers/..%2f${upload.key}`,
      `/files//${upload.key}`,
      `/files/./${upload.key}`,
      `/files/${upload.key.replace(/\//g, '%2F')}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.rawPayload.includes(Buffer.from('PNG')), url).toBe(false);
    }
  });

  it('refuses stores other than the public ones (half-written uploads, anything added later) without a signature', async () => {
    await fs.mkdir(path.join(t.dir, 'files', 'uploads'), { recursive: true });
    await fs.writeFile(path.join(t.dir, 'files', 'uploads', 'abc.part'), 'partial');
    expectRefused(await get('/files/uploads/abc.part'));
  });
});

describe('private files: only users who may read the file obtain a URL', () => {
  it('the owner gets signed URLs from the API; another learner and another customer get none', async () => {
    const own = await t.app.inject({ url: `/api/media/${upload.id}`, headers: bearer(learner) });
    expect(own.statusCode).toBe(200);
    const m = own.json().data;
    for (const url of [m.url, m.metadata.src_url, m.thumbnails.small, m.thumbnails.medium]) {
      expect(url).toMatch(/\?exp=\d+&sig=[\w-]{32}$/);
      expect((await get(url)).statusCode).toBe(200);
    }
    for (const token of [peer, other]) {
      const res = await t.app.inject({ url: `/api/media/${upload.id}`, headers: bearer(token) });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(upload.key);
      const vaults = await t.app.inject({ url: '/api/vaults', headers: bearer(token) });
      expect(vaults.body).not.toContain(upload.key);
    }
    expect((await t.app.inject({ url: `/api/media/${upload.id}` })).statusCode).toBe(401);
  });
});

describe('public trail content stays public', () => {
  it('serves imported content without a signature, with immutable caching, at /files and /img', async () => {
    const key = 'content/0123456789abcdef/pic.png';
    await fs.mkdir(path.join(t.dir, 'files', path.dirname(key)), { recursive: true });
    await fs.writeFile(path.join(t.dir, 'files', key), await png(50, 50));
    const file = await get(`/files/${key}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(fileHref(key)).toBe(`/files/${key}`);
    const img = await get(imageUrl(key, SQUARE));
    expect(img.statusCode).toBe(200);
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(imageHref(key, SQUARE)).toBe(imageUrl(key, SQUARE));
  });

  it("serves a customer's logo without a signature", async () => {
    const key = 'customers/acme/logo-test.svg';
    await fs.mkdir(path.join(t.dir, 'files', 'customers', 'acme'), { recursive: true });
    await fs.writeFile(path.join(t.dir, 'files', key), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const res = await get(`/files/${key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
  });
});
