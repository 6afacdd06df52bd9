import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { derivedPort, loadConfig, REPO_ROOT } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.accessTokenTtl).toBe(900);
    expect(c.refreshTokenTtl).toBe(30 * 24 * 3600);
    expect(c.rateLimit.max).toBe(10);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.oidc).toEqual({});
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('resolves DATA_DIR and WEB_DIST from the repository root, not the working directory', () => {
    const c = loadConfig({ DATA_DIR: './data' });
    expect(c.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(c.outboxDir).toBe(path.join(REPO_ROOT, 'data', 'outbox'));
    expect(c.webDist).toBe(path.join(REPO_ROOT, 'apps', 'web', 'dist'));
    expect(loadConfig({ DATA_DIR: '/tmp/cairn-x' }).dataDir).toBe('/tmp/cairn-x');
  });

  it('throws an error naming PORT when PORT is not a port number', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT must be/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be an integer between 1 and 65535/);
  });

  it('names every other bad variable too', () => {
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '-5' })).toThrow(/ACCESS_TOKEN_TTL must be/);
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL must be a redis:\/\/ URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL must be a URL/);
    expect(() => loadConfig({ TRUSTED_ORIGINS: 'http://ok.test, nope' })).toThrow(/TRUSTED_ORIGINS/);
    expect(() => loadConfig({ OIDC_AZURE_JWKS: '{not json' })).toThrow(/OIDC_AZURE_JWKS/);
  });

  it('enables an OIDC provider only when issuer and audience are set (JWKS optional: discovery)', () => {
    expect(() => loadConfig({ OIDC_GOOGLE2_ISSUER: 'https://accounts.google.com' })).toThrow(
      /OIDC_GOOGLE2_ISSUER and OIDC_GOOGLE2_AUDIENCE must both be set/,
    );
    expect(() => loadConfig({ OIDC_AZURE_JWKS: '{"keys":[]}' })).toThrow(/OIDC_AZURE_ISSUER and OIDC_AZURE_AUDIENCE/);
    expect(() => loadConfig({ OIDC_AZURE_ISSUER: 'not a url', OIDC_AZURE_AUDIENCE: 'x' })).toThrow(
      /OIDC_AZURE_ISSUER must be a URL/,
    );
    expect(
      loadConfig({ OIDC_AZURE_ISSUER: 'https://login.example/v2.0', OIDC_AZURE_AUDIENCE: 'x' }).oidc.azure,
    ).toEqual({ issuer: 'https://login.example/v2.0', audience: 'x' });
    const c = loadConfig({
      OIDC_AZURE_ISSUER: 'https://login.example/v2.0',
      OIDC_AZURE_AUDIENCE: 'cairn',
      OIDC_AZURE_JWKS: '{"keys":[]}',
      OIDC_GOOGLE2_ISSUER: 'https://accounts.google.com',
      OIDC_GOOGLE2_AUDIENCE: 'cairn',
      OIDC_GOOGLE2_JWKS: 'https://www.googleapis.com/oauth2/v3/certs',
    });
    expect(c.oidc.azure?.jwks).toEqual({ keys: { keys: [] } });
    expect(c.oidc.google2?.jwks).toEqual({ url: 'https://www.googleapis.com/oauth2/v3/certs' });
  });

  it('reads the chat and live connection limits, with defaults, and names a bad one', () => {
    expect(loadConfig({}).chatRate).toEqual({ max: 20, windowMs: 10_000 });
    expect(loadConfig({}).live).toEqual({ eventsPerSecond: 50, connectionsPerUser: 20 });
    const c = loadConfig({
      CHAT_RATE_MAX: '5',
      CHAT_RATE_WINDOW: '60',
      LIVE_EVENTS_PER_SECOND: '10',
      LIVE_CONNECTIONS_PER_USER: '3',
    });
    expect(c.chatRate).toEqual({ max: 5, windowMs: 60_000 });
    expect(c.live).toEqual({ eventsPerSecond: 10, connectionsPerUser: 3 });
    for (const name of ['CHAT_RATE_MAX', 'CHAT_RATE_WINDOW', 'LIVE_EVENTS_PER_SECOND', 'LIVE_CONNECTIONS_PER_USER']) {
      expect(() => loadConfig({ [name]: '0' })).toThrow(
        new RegExp(`^Invalid configuration: ${name} must be an integer`),
      );
    }
  });

  it('derives distinct embedded PostgreSQL ports per checkout and purpose, never 5432', () => {
    const dev = derivedPort('dev', '/a/checkout');
    expect(dev).not.toBe(derivedPort('dev', '/another/checkout'));
    expect(dev).not.toBe(derivedPort('test', '/a/checkout'));
    expect(dev).toBeGreaterThanOrEqual(20_000);
    expect(dev).toBeLessThan(40_000);
  });
});
