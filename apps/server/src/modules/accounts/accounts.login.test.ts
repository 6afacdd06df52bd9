import { INVALID_CREDENTIALS_MESSAGE, type LoginResponse } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object });

describe('POST /api/login', () => {
  it('signs in and reports 0 previous logins the first time, then 1', async () => {
    const { email, password } = DEMO_USERS.learner;
    const first = await post({ username: email, password, accepted: true });
    expect(first.statusCode).toBe(200);
    const body = first.json() as LoginResponse;
    expect(body.status).toBe('success');
    expect(body.data.logins).toBe(0);
    expect(body.data.trail_id).toBeNull();
    expect(body.data.token_type).toBe('Bearer');
    expect(body.data.expires_in).toBe(900);
    expect(body.data.access_token).toMatch(/^cat_/);
    expect(body.data.refresh_token).toMatch(/^crt_/);

    const second = await post({ username: email, password, accepted: null });
    expect(second.statusCode).toBe(200);
    expect((second.json() as LoginResponse).data.logins).toBe(1);

    const profile = await t.app.inject({ url: '/api/user/profile', headers: bearer(body.data.access_token) });
    expect(profile.json().data.logins).toBe(2);
  });

  it('matches the email case-insensitively', async () => {
    const res = await post({ username: 'RIVAL@Example.com', password: DEMO_USERS.rival.password });
    expect(res.statusCode).toBe(200);
    expect((res.json() as LoginResponse).data.logins).toBe(3);
  });

  it('refuses a wrong password with 422 and the credentials message, without field errors', async () => {
    const res = await post({ username: DEMO_USERS.learner.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: INVALID_CREDENTIALS_MESSAGE, code: 'invalid_credentials' });
  });

  it('signs in many at once (hashing queues on its own thread): every right password accepted, every wrong one refused', async () => {
    const tries = Array.from({ length: 24 }, (_, i) => {
      const who = [DEMO_USERS.learner, DEMO_USERS.rival, DEMO_USERS.coach][i % 3];
      return { username: who.email, password: i % 4 === 3 ? `${who.password}-wrong` : who.password };
    });
    // each from an address of its own: 8 at once for one account from one address would meet the per-account
    // sign-in throttle (signin-throttle.ts counts an attempt before its password is checked)
    const results = await Promise.all(
      tries.map((payload, i) =>
        t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: `198.51.100.${i + 1}` }),
      ),
    );
    const expected = tries.map((_, i) => (i % 4 === 3 ? 422 : 200));
    expect(results.map((r) => r.statusCode)).toEqual(expected);
    const tokens = results.filter((r) => r.statusCode === 200).map((r) => r.json().data.access_token as string);
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(r.json().code).toBe('invalid_credentials');
  });

  it('hashes and checks passwords concurrently without mixing them up', async () => {
    const { hashPassword, verifyPassword } = await import('../../lib/password');
    const words = Array.from({ length: 8 }, (_, i) => `pass-word-${i}-ä`);
    const hashes = await Promise.all(words.map((w) => hashPassword(w)));
    expect(new Set(hashes).size).toBe(words.length);
    expect(hashes[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const checks = await Promise.all(
      words.flatMap((w, i) => [verifyPassword(w, hashes[i]), verifyPassword(w, hashes[(i + 1) % words.length])]),
    );
    expect(checks).toEqual(words.flatMap(() => [true, false]));
    // NFKC: the composed and decomposed forms of a password are the same password
    expect(await verifyPassword('pass-word-0-a\u0308', hashes[0])).toBe(true);
  });

  it('refuses an unknown email exactly like a wrong password', async () => {
    const res = await post({ username: 'nobody@example.com', password: 'whatever1' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: INVALID_CREDENTIALS_MESSAGE, code: 'invalid_credentials' });
  });

  it('answers malformed input with 422 and errors keyed by field, with the shared rule names', async () => {
    const res = await post({ username: 'not-an-email', password: '123' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.errors).toEqual({
      username: ['The username field must be a valid email'],
      password: ['The password field must be at least 6 characters'],
    });
    expect(body.rules).toEqual({
      username: { rule: 'email', params: {} },
      password: { rule: 'min', params: { length: 6 } },
    });
  });

  it('reports missing fields as required', async () => {
    const empty = await post({ username: '', password: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().rules).toEqual({
      username: { rule: 'required', params: {} },
      password: { rule: 'required', params: {} },
    });
    const missing = await t.app.inject({ method: 'POST', url: '/api/login' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().rules.username).toEqual({ rule: 'required', params: {} });
    expect(missing.json().errors.username).toEqual(['The username field is required']);
  });

  it('refuses a wrong type with 422, not 500', async () => {
    const res = await post({ username: 42, password: ['x'] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('username');
  });

  it('does not sign in an account that has no password (social sign-in only)', async () => {
    await t.database.db.insert(users).values({ email: 'sso-only@example.com', customerId: null });
    const res = await post({ username: 'sso-only@example.com', password: 'anything' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('invalid_credentials');
  });

  it('gives every sign-in its own session', async () => {
    const a = await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password);
    const b = await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password);
    expect(a.access_token).not.toBe(b.access_token);
    await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: bearer(a.access_token) });
    const stillIn = await t.app.inject({ url: '/api/user/profile', headers: bearer(b.access_token) });
    expect(stillIn.statusCode).toBe(200);
    expect(stillIn.json().data.email).toBe(DEMO_USERS.coach.email);
  });
});
