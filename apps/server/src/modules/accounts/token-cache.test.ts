import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase, type Database } from '../../db/client';
import { authTokens } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { hashToken } from '../../lib/tokens';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';
import { TokenCache } from './token-cache';

describe('the token cache', () => {
  it('forgets revoked sessions and users, refuses reads that began before a revocation, and bounds its size', () => {
    const cache = new TokenCache<string>(2, 60_000);
    cache.listening = true;
    const entry = (sessionId: string, userId: number, cachedAt: number) => ({
      actor: `${userId}`,
      sessionId,
      userId,
      expiresAt: cachedAt + 1000,
      cachedAt,
    });
    cache.set('a', entry('s1', 1, 100));
    cache.set('b', entry('s2', 2, 100));
    cache.revoke({ sessions: ['s1'] }, 200);
    expect(cache.get('a', 250)).toBeUndefined();
    expect(cache.get('b', 250)?.actor).toBe('2');
    // a read of s1 that began before the revocation is not cached after it
    cache.set('a', entry('s1', 1, 150));
    expect(cache.get('a', 260)).toBeUndefined();
    cache.revoke({ userId: 2 }, 300);
    expect(cache.get('b', 310)).toBeUndefined();
    cache.set('b', entry('s2', 2, 290));
    expect(cache.get('b', 320)).toBeUndefined();
    // a new session of user 2, read after the revocation, is cached
    cache.set('c', entry('s3', 2, 400));
    expect(cache.get('c', 410)?.actor).toBe('2');
    // at most `max` entries; the oldest goes first
    cache.set('d', entry('s4', 4, 400));
    cache.set('e', entry('s5', 5, 400));
    expect(cache.size).toBe(2);
    expect(cache.get('c', 410)).toBeUndefined();
    // not listening: nothing is served
    cache.listening = false;
    expect(cache.get('e', 410)).toBeUndefined();
  });
});

describe('two server processes on one database', () => {
  let a: TestApp;
  let database: Database;
  let b: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    a = await createTestApp();
    database = createDatabase(a.config.databaseUrl!, { max: 2 });
    b = await buildApp(a.config, { database, logger: false });
    await b.ready();
  });
  afterAll(async () => {
    await b.close();
    await database.close();
    await a.close();
  });

  const profile = (app: typeof b, token: string) => app.inject({ url: '/api/user/profile', headers: bearer(token) });
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  };

  it('a logout, a destroy and a password reset through one process end the session in the other at once', async () => {
    // logout (this session)
    const one = await login(a.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
    expect((await profile(b, one.access_token)).statusCode).toBe(200); // B has it cached now
    expect((await profile(b, one.access_token)).statusCode).toBe(200);
    expect(
      (await a.app.inject({ method: 'DELETE', url: '/api/logout', headers: bearer(one.access_token) })).statusCode,
    ).toBe(200);
    await until(async () => (await profile(b, one.access_token)).statusCode === 401);
    expect((await profile(b, one.access_token)).statusCode).toBe(401);

    // destroy (every session of the user)
    const two = await login(a.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
    const three = await login(a.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
    expect((await profile(b, two.access_token)).statusCode).toBe(200);
    expect((await profile(b, three.access_token)).statusCode).toBe(200);
    expect(
      (await a.app.inject({ method: 'DELETE', url: '/api/destroy', headers: bearer(two.access_token) })).statusCode,
    ).toBe(200);
    await until(async () => (await profile(b, three.access_token)).statusCode === 401);
    expect((await profile(b, two.access_token)).statusCode).toBe(401);
    expect((await profile(b, three.access_token)).statusCode).toBe(401);

    // the revoking process itself never answers from a stale entry
    const four = await login(a.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password);
    expect((await profile(a.app, four.access_token)).statusCode).toBe(200);
    await a.app.inject({ method: 'DELETE', url: '/api/logout', headers: bearer(four.access_token) });
    expect((await profile(a.app, four.access_token)).statusCode).toBe(401);
  });

  it('a reused refresh token revokes its family in the other process too', async () => {
    const first = await login(a.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
    const refresh = () =>
      a.app.inject({ method: 'POST', url: '/api/refresh', payload: { refresh_token: first.refresh_token } });
    const rotated = (await refresh()).json().data.access_token as string;
    expect((await profile(b, rotated)).statusCode).toBe(200);
    // reuse of the rotated refresh token, past the grace period of a lost answer
    await a.database.db
      .update(authTokens)
      .set({ rotatedAt: sql`now() - interval '1 minute'` })
      .where(eq(authTokens.tokenHash, hashToken(first.refresh_token)));
    expect((await refresh()).statusCode).toBe(401);
    await until(async () => (await profile(b, rotated)).statusCode === 401);
    expect((await profile(b, rotated)).statusCode).toBe(401);
  });
});
