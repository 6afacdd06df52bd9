import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { createTestApp, login, type TestApp } from '../../test/harness';
import { SIGNIN_FREE_ATTEMPTS } from './signin-throttle';

let t: TestApp;
beforeAll(async () => {
  // the production limit: 10 sign-in requests per minute and route
  t = await createTestApp({}, { RATE_LIMIT_MAX: '10' });
});
afterAll(() => t.close());

const office = '203.0.113.10';
const refresh = (refresh_token: string, remoteAddress = office) =>
  t.app.inject({ method: 'POST', url: '/api/refresh', remoteAddress, payload: { refresh_token } });

describe('POST /api/refresh is limited per token, not per address', () => {
  it('bogus refreshes from one address (one office behind NAT) do not block a real refresh from it', async () => {
    const tokens = await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password);
    const bogus = await Promise.all(Array.from({ length: 15 }, (_, i) => refresh(`crt_bogus-${i}`)));
    expect(bogus.map((r) => r.statusCode)).toEqual(Array(15).fill(401));
    // one bogus token replayed past the limit is limited on its own
    const replays = [];
    for (let i = 0; i < 12; i++) replays.push((await refresh('crt_same-bogus')).statusCode);
    expect(replays).toEqual([...Array(10).fill(401), 429, 429]);
    const real = await refresh(tokens.refresh_token);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json().data.refresh_token).toMatch(/^crt_/);
  });
});

describe('POST /api/login: repeated attempts on one account are slowed per account and address', () => {
  // the per-address limit out of the way (RATE_LIMIT_MAX raised, as for an office behind one NAT): this limit alone
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp();
  });
  afterAll(() => s.close());
  const { email, password } = DEMO_USERS.learner;
  const signIn = (pw: string, remoteAddress: string, username: string = email) =>
    s.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username, password: pw } });

  it('after the free attempts each further one waits a growing delay (429 Retry-After); the owner from another address signs in', async () => {
    const attacker = '203.0.113.66';
    for (let i = 0; i < SIGNIN_FREE_ATTEMPTS; i++) expect((await signIn(`guess-${i}`, attacker)).statusCode).toBe(422);
    const slowed = await signIn('guess-x', attacker);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ message: expect.any(String), code: 'rate_limited' });
    expect(slowed.headers['retry-after']).toBe('1');
    // even the right password waits, from that address
    expect((await signIn(password, attacker)).statusCode).toBe(429);
    // the owner, from their own address, is not held back at all
    const owner = await signIn(password, '198.51.100.7');
    expect(owner.statusCode, owner.body).toBe(200);
    // after the wait one more attempt is judged, then the next wait doubles
    await new Promise((r) => setTimeout(r, 1100));
    expect((await signIn('guess-y', attacker)).statusCode).toBe(422);
    const again = await signIn('guess-z', attacker);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('2');
  });

  it('parallel guesses cannot slip through: at most the free attempts are judged', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(`guess-${i}`, '203.0.113.77', DEMO_USERS.rival.email)),
    );
    const judged = results.filter((r) => r.statusCode === 422).length;
    expect(judged).toBeLessThanOrEqual(SIGNIN_FREE_ATTEMPTS);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(30 - judged);
  });

  it('unknown accounts are slowed the same way, and a success starts the count again', async () => {
    const from = '203.0.113.88';
    for (let i = 0; i < SIGNIN_FREE_ATTEMPTS; i++)
      expect((await signIn('x-wrong-1', from, 'nobody@example.com')).statusCode).toBe(422);
    expect((await signIn('x-wrong-1', from, 'nobody@example.com')).statusCode).toBe(429);
    const coach = DEMO_USERS.coach;
    for (let i = 0; i < SIGNIN_FREE_ATTEMPTS - 1; i++)
      expect((await signIn('wrong-pass', from, coach.email)).statusCode).toBe(422);
    expect((await signIn(coach.password, from, coach.email)).statusCode).toBe(200);
    for (let i = 0; i < SIGNIN_FREE_ATTEMPTS - 1; i++)
      expect((await signIn('wrong-pass', from, coach.email)).statusCode).toBe(422);
  });
});
