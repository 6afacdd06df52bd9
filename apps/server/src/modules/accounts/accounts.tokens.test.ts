import { TOKEN_EXPIRED_STATUS } from '@cairn/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { hashToken } from '../../lib/tokens';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { email, password } = DEMO_USERS.rival;
const profile = (token: string) => t.app.inject({ url: '/api/user/profile', headers: bearer(token) });
const refresh = (refresh_token: string) =>
  t.app.inject({ method: 'POST', url: '/api/refresh', payload: { refresh_token } });

describe('access tokens', () => {
  it('answers 401 unauthenticated without a token, with a malformed header and with an unknown token', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, bearer('cat_nonsense')]) {
      const res = await t.app.inject({ url: '/api/user/profile', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated', code: 'unauthenticated' });
    }
  });

  it('answers 498 token_expired once the access token has expired', async () => {
    const tokens = await login(t.app, email, password);
    // expired behind the app's back, before its first use (a token in use is cached with its expiry time)
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, hashToken(tokens.access_token)));
    const res = await profile(tokens.access_token);
    expect(res.statusCode).toBe(TOKEN_EXPIRED_STATUS);
    expect(res.json()).toEqual({ message: 'The access token has expired', code: 'token_expired' });
    // the client's reaction to 498: refresh, then retry
    const r = await refresh(tokens.refresh_token);
    expect(r.statusCode).toBe(200);
    expect((await profile(r.json().data.access_token)).statusCode).toBe(200);
  });

  it('expires tokens by ACCESS_TOKEN_TTL', async () => {
    const short = await createTestApp({ accessTokenTtl: 1 });
    try {
      const tokens = await login(short.app, email, password);
      expect(tokens.expires_in).toBe(1);
      await new Promise((r) => setTimeout(r, 1100));
      const res = await short.app.inject({ url: '/api/user/profile', headers: bearer(tokens.access_token) });
      expect(res.statusCode).toBe(498);
    } finally {
      await short.close();
    }
  });

  it('stores tokens only as SHA-256 hashes', async () => {
    const tokens = await login(t.app, email, password);
    const rows = await t.database.db.select({ h: authTokens.tokenHash }).from(authTokens);
    const stored = rows.map((r) => r.h);
    expect(stored).not.toContain(tokens.access_token);
    expect(stored).toContain(hashToken(tokens.access_token));
    expect(stored).toContain(hashToken(tokens.refresh_token));
  });

  it('does not accept a refresh token as an access token', async () => {
    const tokens = await login(t.app, email, password);
    expect((await profile(tokens.refresh_token)).statusCode).toBe(401);
  });
});

describe('POST /api/refresh', () => {
  it('rotates: a new pair that works, different from the old one', async () => {
    const tokens = await login(t.app, email, password);
    const res = await refresh(tokens.refresh_token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data.token_type).toBe('Bearer');
    expect(body.data.access_token).not.toBe(tokens.access_token);
    expect(body.data.refresh_token).not.toBe(tokens.refresh_token);
    expect((await profile(body.data.access_token)).statusCode).toBe(200);
    // and the new refresh token rotates again
    expect((await refresh(body.data.refresh_token)).statusCode).toBe(200);
  });

  it('treats reuse of a rotated refresh token as theft: the whole family is revoked', async () => {
    const tokens = await login(t.app, email, password);
    const rotated = (await refresh(tokens.refresh_token)).json().data;
    // past the grace period of a lost answer
    await t.database.db
      .update(authTokens)
      .set({ rotatedAt: sql`now() - interval '1 minute'` })
      .where(eq(authTokens.tokenHash, hashToken(tokens.refresh_token)));
    const reuse = await refresh(tokens.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('invalid_refresh_token');
    // the tokens issued by the rotation stop working too
    expect((await profile(rotated.access_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    expect((await profile(tokens.access_token)).statusCode).toBe(401);
  });

  it('gives the same pair to a rotated token presented again at once (the answer of the rotation was lost)', async () => {
    const tokens = await login(t.app, email, password);
    const first = (await refresh(tokens.refresh_token)).json().data;
    const again = await refresh(tokens.refresh_token);
    expect(again.statusCode).toBe(200);
    const second = again.json().data;
    expect(second.refresh_token).toBe(first.refresh_token);
    expect(second.access_token).toBe(first.access_token);
    expect((await profile(second.access_token)).statusCode).toBe(200);
    expect((await refresh(second.refresh_token)).statusCode).toBe(200);
  });

  it('8 concurrent replays of a rotated token within the grace get the one successor pair: a single chain', async () => {
    const tokens = await login(t.app, email, password);
    const first = (await refresh(tokens.refresh_token)).json().data;
    const replays = await Promise.all(Array.from({ length: 8 }, () => refresh(tokens.refresh_token)));
    expect(replays.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const pairs = new Set(replays.map((r) => `${r.json().data.access_token} ${r.json().data.refresh_token}`));
    expect([...pairs]).toEqual([`${first.access_token} ${first.refresh_token}`]);
    // the session holds the login pair and one successor pair, nothing more
    const [{ session_id }] = (
      await t.database.db.execute(
        sql`select session_id from auth_tokens where token_hash = ${hashToken(first.refresh_token)}`,
      )
    ).rows as { session_id: string }[];
    const rows = await t.database.db.select().from(authTokens).where(eq(authTokens.sessionId, session_id));
    expect(rows).toHaveLength(4);
    // the chain goes on once; a replay of the rotated successor after the grace revokes the family
    const next = (await refresh(first.refresh_token)).json().data;
    await t.database.db
      .update(authTokens)
      .set({ rotatedAt: sql`now() - interval '1 minute'` })
      .where(eq(authTokens.tokenHash, hashToken(first.refresh_token)));
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await profile(next.access_token)).statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });

  it('8 concurrent exchanges of a fresh token also yield one pair', async () => {
    const tokens = await login(t.app, email, password);
    const results = await Promise.all(Array.from({ length: 8 }, () => refresh(tokens.refresh_token)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.json().data.refresh_token)).size).toBe(1);
  });

  it('refuses unknown, empty and access tokens', async () => {
    const tokens = await login(t.app, email, password);
    const unknown = await refresh('crt_unknown');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({
      message: 'The refresh token is invalid or has expired',
      code: 'invalid_refresh_token',
    });
    expect((await refresh(tokens.access_token)).statusCode).toBe(401);
    const empty = await refresh('');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.refresh_token).toBeDefined();
  });

  it('refuses an expired refresh token', async () => {
    const tokens = await login(t.app, email, password);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, hashToken(tokens.refresh_token)));
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });
});

describe('DELETE /api/logout and /api/destroy', () => {
  it('logout kills the session at once: its access and refresh tokens stop working', async () => {
    const tokens = await login(t.app, email, password);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: bearer(tokens.access_token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Signed out' });
    expect((await profile(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    const again = await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: bearer(tokens.access_token) });
    expect(again.statusCode).toBe(401);
  });

  it('accepts a JSON content type with an empty body on DELETE', async () => {
    const tokens = await login(t.app, email, password);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/logout',
      headers: { ...bearer(tokens.access_token), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });

  it("destroy revokes all of the user's sessions but no one else's", async () => {
    const a = await login(t.app, email, password);
    const b = await login(t.app, email, password);
    const other = await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/destroy', headers: bearer(a.access_token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('success');
    expect((await profile(a.access_token)).statusCode).toBe(401);
    expect((await profile(b.access_token)).statusCode).toBe(401);
    expect((await refresh(b.refresh_token)).statusCode).toBe(401);
    expect((await profile(other.access_token)).statusCode).toBe(200);
  });

  it('requires a token', async () => {
    for (const url of ['/api/logout', '/api/destroy', '/api/deleteAccount']) {
      const res = await t.app.inject({ method: 'DELETE', url });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
  });
});
