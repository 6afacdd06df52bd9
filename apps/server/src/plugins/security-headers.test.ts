import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      PREVIEW_ORIGINS: 'https://brand.acme.example',
      SENTRY_DSN: 'https://key@errors.example.org/7',
      ANALYTICS_ENDPOINT: 'https://stats.example.net',
      OIDC_GOOGLE2_ISSUER: 'https://accounts.google.com',
      OIDC_GOOGLE2_AUDIENCE: 'cairn-web',
    },
  );
});
afterAll(() => t.close());

describe('security headers', () => {
  it('every response carries the CSP (no inline script, preview frames only), nosniff and a referrer policy', async () => {
    for (const url of ['/api/languages/supported', '/api/user/profile', '/api/no/such/route']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self' https://brand.acme.example");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('lets the browser talk only to this origin and the services the deployment configures', async () => {
    const csp = String((await t.app.inject({ url: '/api/languages/supported' })).headers['content-security-policy']);
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src'));
    expect(connect?.split(' ').slice(1).sort()).toEqual(
      ["'self'", 'https://accounts.google.com', 'https://errors.example.org', 'https://stats.example.net'].sort(),
    );
  });

  it('allows no foreign frame when no preview origin is configured', async () => {
    const plain = await createTestApp();
    try {
      const csp = String(
        (await plain.app.inject({ url: '/api/languages/supported' })).headers['content-security-policy'],
      );
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain("frame-ancestors 'self' http");
    } finally {
      await plain.close();
    }
  });

  it('denies camera, microphone, geolocation and the other unused browser features (Permissions-Policy)', async () => {
    const res = await t.app.inject({ url: '/api/languages/supported' });
    const policy = String(res.headers['permissions-policy']).split(', ');
    for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
      expect(policy).toContain(denied);
    expect(policy).toContain('fullscreen=(self)');
  });

  it('sends no X-Frame-Options when preview origins may frame the app, and no HSTS over http', async () => {
    const res = await t.app.inject({ url: '/api/languages/supported' });
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends X-Frame-Options SAMEORIGIN when no other origin may frame, and HSTS when PUBLIC_URL is https', async () => {
    const tls = await createTestApp({}, { PUBLIC_URL: 'https://cairn.example.com' });
    try {
      for (const url of ['/api/languages/supported', '/api/no/such/route']) {
        const res = await tls.app.inject({ url });
        expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
    } finally {
      await tls.close();
    }
  });

  it('puts the same headers on the responses of /socket.io (Engine.IO answers outside Fastify)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const api = await fetch(`${base}/api/languages/supported`);
    for (const url of ['/socket.io/?EIO=4&transport=polling', '/socket.io/?EIO=4&transport=bogus']) {
      const res = await fetch(base + url);
      expect(res.status, url).toBeLessThan(500);
      for (const name of [
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
        'cross-origin-resource-policy',
        'permissions-policy',
      ])
        expect(res.headers.get(name), `${url} ${name}`).toBe(api.headers.get(name));
    }
  });

  it('refuses a PREVIEW_ORIGINS that is not a list of URLs', async () => {
    const { loadConfig } = await import('../config');
    expect(() => loadConfig({ PREVIEW_ORIGINS: 'not a url' })).toThrow(/PREVIEW_ORIGINS/);
  });
});
