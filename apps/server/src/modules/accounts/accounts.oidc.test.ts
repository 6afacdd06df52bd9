import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoginResponse } from '@cairn/shared';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { bearer, createTestApp, type TestApp } from '../../test/harness';

const ISSUER = 'https://login.test.example/v2.0';
const AUDIENCE = 'cairn-web';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let keys: KeyPair;
let strangerKeys: KeyPair;
let t: TestApp;

beforeAll(async () => {
  keys = await generateKeyPair('RS256');
  strangerKeys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  t = await createTestApp(
    {},
    { OIDC_AZURE_ISSUER: ISSUER, OIDC_AZURE_AUDIENCE: AUDIENCE, OIDC_AZURE_JWKS: JSON.stringify({ keys: [jwk] }) },
  );
});
afterAll(() => t.close());

function idToken(
  claims: Record<string, unknown>,
  opts: { key?: KeyPair['privateKey']; iss?: string; aud?: string; exp?: string } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(opts.iss ?? ISSUER)
    .setAudience(opts.aud ?? AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '5m')
    .sign(opts.key ?? keys.privateKey);
}

const signIn = (provider: string, access_token: string) =>
  t.app.inject({ method: 'POST', url: `/api/auth/${provider}`, payload: { access_token } });

describe('POST /api/auth/{provider}', () => {
  it('answers 404 provider_disabled for a provider that is not configured', async () => {
    const res = await signIn('google2', await idToken({ email: DEMO_USERS.learner.email }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Sign-in with google2 is not enabled', code: 'provider_disabled' });
    expect((await signIn('facebook', 'x')).json().code).toBe('provider_disabled');
  });

  it('signs in an existing user whose verified ID token names their email', async () => {
    const res = await signIn('azure', await idToken({ preferred_username: DEMO_USERS.learner.email.toUpperCase() }));
    expect(res.statusCode).toBe(200);
    const body = res.json() as LoginResponse;
    expect(body.data.logins).toBe(0);
    const profile = await t.app.inject({ url: '/api/user/profile', headers: bearer(body.data.access_token) });
    expect(profile.json().data.email).toBe(DEMO_USERS.learner.email);
  });

  it('refuses a token signed by another key', async () => {
    const res = await signIn(
      'azure',
      await idToken({ email: DEMO_USERS.learner.email }, { key: strangerKeys.privateKey }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'The azure sign-in could not be verified', code: 'provider_token_invalid' });
  });

  it('refuses a wrong issuer, a wrong audience, an expired token and garbage', async () => {
    const email = DEMO_USERS.learner.email;
    for (const token of [
      await idToken({ email }, { iss: 'https://evil.example' }),
      await idToken({ email }, { aud: 'someone-else' }),
      await idToken({ email }, { exp: '-2m' }),
      'not.a.jwt',
    ]) {
      const res = await signIn('azure', token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('provider_token_invalid');
    }
  });

  it('refuses an unknown email with unknown_account, and an unverified email', async () => {
    const unknown = await signIn('azure', await idToken({ email: 'stranger@example.com' }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('unknown_account');
    const unverified = await signIn('azure', await idToken({ email: DEMO_USERS.learner.email, email_verified: false }));
    expect(unverified.statusCode).toBe(401);
  });

  it('validates the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/azure', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().rules.access_token).toEqual({ rule: 'required', params: {} });
  });
});

describe('GET /api/auth/providers', () => {
  it('lists the configured providers with their issuer and public client id, and nothing else', async () => {
    const res = await t.app.inject({ url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [{ name: 'azure', issuer: ISSUER, client_id: AUDIENCE }] });
  });
});

describe('an issuer configured without JWKS', () => {
  let issuerServer: Server;
  let issuer: string;
  let discovered: TestApp;

  beforeAll(async () => {
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    issuerServer = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/openid-configuration') {
        res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      } else if (req.url === '/jwks') res.end(JSON.stringify({ keys: [jwk] }));
      else res.writeHead(404).end('{}');
    });
    await new Promise<void>((r) => issuerServer.listen(0, '127.0.0.1', r));
    issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
    discovered = await createTestApp({}, { OIDC_GOOGLE2_ISSUER: issuer, OIDC_GOOGLE2_AUDIENCE: AUDIENCE });
  });
  afterAll(async () => {
    await discovered.close();
    await new Promise((r) => issuerServer.close(r));
  });

  it("finds the keys through the issuer's discovery document", async () => {
    const token = await idToken({ email: DEMO_USERS.learner.email }, { iss: issuer });
    const res = await discovered.app.inject({
      method: 'POST',
      url: '/api/auth/google2',
      payload: { access_token: token },
    });
    expect(res.statusCode).toBe(200);
    const wrongIssuer = await idToken({ email: DEMO_USERS.learner.email });
    const refused = await discovered.app.inject({
      method: 'POST',
      url: '/api/auth/google2',
      payload: { access_token: wrongIssuer },
    });
    expect(refused.json().code).toBe('provider_token_invalid');
  });

  it('answers 503 provider_unavailable while the issuer cannot be reached', async () => {
    const gone = await createTestApp(
      {},
      { OIDC_GOOGLE2_ISSUER: 'http://127.0.0.1:9/nowhere', OIDC_GOOGLE2_AUDIENCE: AUDIENCE },
    );
    try {
      const res = await gone.app.inject({
        method: 'POST',
        url: '/api/auth/google2',
        payload: { access_token: await idToken({ email: DEMO_USERS.learner.email }) },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('provider_unavailable');
    } finally {
      await gone.close();
    }
  });
});
