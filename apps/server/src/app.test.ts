import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from './db/seed/demo-data';
import { createTestApp, type TestApp } from './test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ bodyLimit: 64 * 1024, webDist: path.join(os.tmpdir(), 'cairn-no-web-build') });
});
afterAll(() => t.close());

describe('error handling', () => {
  it('answers an unknown /api route with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /api/nope not found', code: 'not_found' });
    const post = await t.app.inject({ method: 'POST', url: '/api/also/nope', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('not_found');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'a@b.co', password: 'x'.repeat(100 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large', code: 'payload_too_large' });
  });

  it('answers a non-JSON content type with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': type },
        payload: 'username=a@b.co&password=secret1',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('unsupported_media_type');
    }
  });

  it('answers broken JSON with 400, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON', code: 'validation_failed' });
  });

  it('answers a JSON array or string body with 422', async () => {
    for (const payload of ['[]', '"x"', 'null', '42']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('validation_failed');
    }
  });

  it('refuses prototype poisoning', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a@b.co","password":"secret1","__proto__":{"x":1}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('GET /api/docs', () => {
  it('serves an OpenAPI document generated from the zod schemas, listing the routes', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/api/login',
      '/api/refresh',
      '/api/logout',
      '/api/user/profile',
      '/api/password/forgot',
      '/api/public/login/{linkId}',
      '/api/auth/{provider}',
      '/api/languages/supported',
      '/api/user/fields',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const login = doc.paths['/api/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['username', 'password', 'accepted']),
    );
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '422', '429']));
    expect(Object.keys(doc.paths)).not.toContain('/api/docs');
  });

  it('gives every operation a unique operationId and a declared security (empty for public routes)', async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json() as {
      servers: { url: string }[];
      paths: Record<
        string,
        Record<string, { operationId?: string; security?: unknown[]; parameters?: { in: string; name: string }[] }>
      >;
    };
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const ids: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(ops)) {
        expect(op.operationId, `${m} ${p}`).toMatch(/^[a-z]+[A-Za-z0-9]+$/);
        expect(Array.isArray(op.security), `${m} ${p} declares its security`).toBe(true);
        ids.push(op.operationId as string);
        // every {name} in the path is a declared path parameter
        for (const [, name] of p.matchAll(/\{([^}]+)\}/g)) {
          expect(
            op.parameters?.some((x) => x.in === 'path' && x.name === name),
            `${m} ${p} {${name}}`,
          ).toBe(true);
        }
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/games/{id}'].get.operationId).toBe('getGamesById');
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    expect(doc.paths['/api/games'].get.security).toEqual([{ bearer: [] }]);
  });
});

describe('files', () => {
  it('serves the demo logo under /files/', async () => {
    const res = await t.app.inject({ url: '/files/customers/acme/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('Acme Learning');
    const missing = await t.app.inject({ url: '/files/customers/acme/none.svg' });
    expect(missing.statusCode).toBe(404);
    const traversal = await t.app.inject({ url: '/files/../../package.json' });
    expect(traversal.statusCode).toBe(404);
  });
});

describe('rate limits', () => {
  it('answers 429 with the shared body once RATE_LIMIT_MAX sign-in attempts are used up, per route', async () => {
    const limited = await createTestApp({}, { RATE_LIMIT_MAX: '3' });
    try {
      expect(limited.config.rateLimit.max).toBe(3);
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: DEMO_USERS.learner.email, password: 'wrong-one' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(422);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        message: 'Max amount of request reached, please wait 1 minute and retry',
        code: 'rate_limited',
      });
      expect(res.headers['retry-after']).toBeDefined();
      // the limit is per route: another limited route still answers
      const forgot = await limited.app.inject({
        method: 'POST',
        url: '/api/password/forgot',
        payload: { username: 'x@example.com', url: 'http://localhost:3000/password/reset' },
      });
      expect(forgot.statusCode).toBe(200);
      // routes outside the sign-in family are not limited
      for (let i = 0; i < 5; i++) {
        expect((await limited.app.inject({ url: '/api/languages/supported' })).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('web app', () => {
  it('serves the built web app with an SPA fallback and long-cached assets', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'cairn-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const web = await createTestApp({ webDist: dist });
    try {
      for (const url of ['/', '/games', '/de/me/edit', '/password/reset?email=a&token=b']) {
        const res = await web.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const asset = await web.app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await web.app.inject({ url: '/missing.png' })).statusCode).toBe(404);
      const api = await web.app.inject({ url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('not_found');
      // not the SPA: a path outside the public stores needs a signed URL (docs/security.md)
      const files = await web.app.inject({ url: '/files/none' });
      expect(files.statusCode).toBe(403);
      expect(files.json().code).toBe('forbidden');
    } finally {
      await web.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });

  it('sends the build-time brotli or gzip twin of an asset by Accept-Encoding, the plain file otherwise', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'cairn-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    const html = `<!doctype html><div id="root"></div><!--${'y'.repeat(2000)}-->`;
    await fs.writeFile(path.join(dist, 'index.html'), html);
    await fs.writeFile(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(html));
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), js);
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(js));
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js.gz'), zlib.gzipSync(js));
    const web = await createTestApp({ webDist: dist });
    try {
      const get = (url: string, enc?: string) =>
        web.app.inject({ url, headers: enc ? { 'accept-encoding': enc } : {} });
      const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const gz = await get('/assets/app-abc123.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
      const plain = await get('/assets/app-abc123.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);
      // the page itself, through the SPA fallback too
      for (const url of ['/index.html', '/games']) {
        const page = await get(url, 'br');
        expect(page.headers['content-encoding'], url).toBe('br');
        expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(html);
      }
    } finally {
      await web.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });

  it('serves the API only when there is no web build', async () => {
    const res = await t.app.inject({ url: '/games' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /games not found', code: 'not_found' });
  });
});
