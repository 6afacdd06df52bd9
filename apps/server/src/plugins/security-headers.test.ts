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

  it('refuses a PREVIEW_ORIGINS that is not a list of URLs', async () => {
    const { loadConfig } = await import('../config');
    expect(() => loadConfig({ PREVIEW_ORIGINS: 'not a url' })).toThrow(/PREVIEW_ORIGINS/);
  });
});
