import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { argon2Params, hashPassword, needsRehash, verifyPassword } from '../../lib/password';
import { createTestApp, login, type TestApp } from '../../test/harness';

// Issue 26 item 11: scrypt N=2^14 was 8× below OWASP; new hashes are argon2id m=19 MiB, t=2, p=1, old ones upgrade.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A hash as the server stored it before argon2id: `scrypt$N$r$p$salt$hash`, N=2^14, r=8, p=1, NFKC password. */
function legacyScrypt(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 16_384, r: 8, p: 1, maxmem: 128 * 1024 * 1024 });
  return ['scrypt', 16_384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const passwordHashOf = async (email: string) =>
  (await t.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.email, email)))[0].h!;

describe('password hashing (issue 26 item 11)', () => {
  it('hashes new passwords with argon2id, m=19456 KiB, t=2, p=1 (the PHC string says so)', async () => {
    const stored = await hashPassword('correct horse');
    const [, algo, version, params, salt, hash] = stored.split('$');
    expect(algo).toBe('argon2id');
    expect(version).toBe('v=19');
    expect(Object.fromEntries(params.split(',').map((kv) => kv.split('=')))).toEqual({ m: '19456', t: '2', p: '1' });
    expect(Buffer.from(salt, 'base64').length).toBe(16);
    expect(Buffer.from(hash, 'base64').length).toBe(32);
    expect(argon2Params(stored)).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
    // the demo accounts are hashed the same way when seeded
    expect(argon2Params(await passwordHashOf(DEMO_USERS.coach.email))).toEqual(argon2Params(stored));
  });

  it('still accepts an old scrypt hash, and stores an argon2id one after the sign-in', async () => {
    const { email, password } = DEMO_USERS.rival;
    const old = legacyScrypt(password);
    expect(await verifyPassword(password, old)).toBe(true);
    expect(await verifyPassword(`${password}x`, old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    await t.database.db.update(users).set({ passwordHash: old }).where(eq(users.email, email));

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: email, password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(await passwordHashOf(email)).toBe(old); // a failed sign-in changes nothing

    expect((await login(t.app, email, password)).access_token).toMatch(/^cat_/);
    const upgraded = await passwordHashOf(email);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(password, upgraded)).toBe(true);
    // and the upgraded hash signs in (and is kept as it is)
    expect((await login(t.app, email, password)).access_token).toMatch(/^cat_/);
    expect(await passwordHashOf(email)).toBe(upgraded);
  });

  it('does not block the event loop while hashing: a 5 ms timer keeps ticking during 10 concurrent hashes', async () => {
    let last = performance.now();
    let longest = 0;
    let ticks = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      ticks++;
    }, 5);
    const started = performance.now();
    try {
      const hashes = await Promise.all(Array.from({ length: 10 }, (_, i) => hashPassword(`burst-${i}`)));
      expect(new Set(hashes).size).toBe(10);
    } finally {
      clearInterval(timer);
    }
    const took = performance.now() - started;
    // one hash is ~40–60 ms; computed on the event loop, the timer would stall for the whole burst
    expect(longest).toBeLessThan(Math.max(100, took / 3));
    expect(ticks).toBeGreaterThan(took / 5 / 4);
  });
});
