import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { bearer, createTestApp, login, readMail, resetLinkFrom, type TestApp } from '../../test/harness';
import { FORGOT_MESSAGE, RESET_DONE_MESSAGE } from './password.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { TRUSTED_ORIGINS: 'http://localhost:5173' });
});
afterAll(() => t.close());

const forgot = (username: string, url = 'http://localhost:5173/password/reset') =>
  t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { username, url } });
const reset = (payload: object) => t.app.inject({ method: 'POST', url: '/api/password/reset', payload });

async function mailedLink(email: string): Promise<URL> {
  await t.app.jobs.drain();
  await t.app.mailer.flush();
  return resetLinkFrom(await readMail(t.config.outboxDir, email));
}

describe('POST /api/password/forgot', () => {
  it('answers the same for known and unknown accounts, and mails only the known one', async () => {
    const known = await forgot(DEMO_USERS.rival.email);
    const unknown = await forgot('ghost@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ status: 'success', message: FORGOT_MESSAGE });
    expect(unknown.json()).toEqual(known.json());
    await t.app.jobs.drain();
    await t.app.mailer.flush();
    await expect(readMail(t.config.outboxDir, 'ghost@example.com', 300)).rejects.toThrow(/no mail/);
    const mail = await readMail(t.config.outboxDir, DEMO_USERS.rival.email);
    expect(mail).toMatch(/^Subject: Reset your Cairn password/m);
    const link = resetLinkFrom(mail);
    expect(link.origin + link.pathname).toBe('http://localhost:5173/password/reset');
    expect(link.searchParams.get('email')).toBe(DEMO_USERS.rival.email);
    expect(link.searchParams.get('token')).toMatch(/^rst_/);
  });

  it('keeps the path but not the origin of an untrusted URL, so tokens are never mailed to a foreign site', async () => {
    await forgot(DEMO_USERS.other.email, 'https://evil.example/de/password/reset');
    const link = await mailedLink(DEMO_USERS.other.email);
    expect(link.origin).toBe(new URL(t.config.publicUrl).origin);
    expect(link.pathname).toBe('/de/password/reset');
  });

  it('stores the token hashed, expiring in 60 minutes', async () => {
    await forgot(DEMO_USERS.learner.email);
    const link = await mailedLink(DEMO_USERS.learner.email);
    const token = link.searchParams.get('token')!;
    const rows = await t.database.db
      .select({ hash: passwordResets.tokenHash, minutes: sql<number>`extract(epoch from expires_at - now()) / 60` })
      .from(passwordResets)
      .orderBy(passwordResets.id);
    expect(rows.map((r) => r.hash)).not.toContain(token);
    const minutes = Number(rows.at(-1)!.minutes);
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('refuses malformed input with 422 field errors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { username: 'nope', url: 'javascript:alert(1)' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().rules).toEqual({ username: { rule: 'email', params: {} }, url: { rule: 'url', params: {} } });
  });
});

describe('POST /api/password/reset', () => {
  it('sets the new password with the mailed token, once, and signs out every session', async () => {
    const { email, password } = DEMO_USERS.rival;
    const session = await login(t.app, email, password);
    await forgot(email);
    const link = await mailedLink(email);
    const token = link.searchParams.get('token')!;

    const res = await reset({
      username: link.searchParams.get('email'),
      token,
      password: 'brand-new-pw',
      password_confirmation: 'brand-new-pw',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: RESET_DONE_MESSAGE });

    const old = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: email, password } });
    expect(old.statusCode).toBe(422);
    expect((await login(t.app, email, 'brand-new-pw')).access_token).toMatch(/^cat_/);
    const stale = await t.app.inject({ url: '/api/user/profile', headers: bearer(session.access_token) });
    expect(stale.statusCode).toBe(401);

    const reused = await reset({ username: email, token, password: 'another-pw1' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: 'This password reset link is invalid or has expired',
      code: 'invalid_reset_token',
    });
  });

  it('refuses an expired token', async () => {
    const { email } = DEMO_USERS.other;
    await forgot(email);
    const token = (await mailedLink(email)).searchParams.get('token')!;
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResets.userId, u.id));
    const res = await reset({ username: email, token, password: 'whatever-1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('invalid_reset_token');
  });

  it("refuses a wrong token and another account's token", async () => {
    await forgot(DEMO_USERS.learner.email);
    const token = (await mailedLink(DEMO_USERS.learner.email)).searchParams.get('token')!;
    const wrong = await reset({ username: DEMO_USERS.learner.email, token: 'rst_wrong', password: 'whatever-1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('invalid_reset_token');
    const foreign = await reset({ username: DEMO_USERS.coach.email, token, password: 'whatever-1' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('invalid_reset_token');
    // neither attempt used up the learner's token
    const ok = await reset({ username: DEMO_USERS.learner.email, token, password: 'learner-new' });
    expect(ok.statusCode).toBe(200);
  });

  it('validates the new password with the shared reset rules', async () => {
    const short = await reset({ username: DEMO_USERS.learner.email, token: 'x', password: '123' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['The password field must be at least 6 characters'] });
    const mismatch = await reset({
      username: DEMO_USERS.learner.email,
      token: 'x',
      password: 'abcdef',
      password_confirmation: 'abcdeg',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().rules).toEqual({
      password_confirmation: { rule: 'confirmed', params: { target: 'password' } },
    });
    const missing = await reset({ username: '', token: '', password: '' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['password', 'token', 'username']);
  });
});
