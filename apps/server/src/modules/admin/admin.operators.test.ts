import type { LoginResponse } from '@cairn/shared';
import { eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { bearer, createTestApp, login, readMail, type TestApp } from '../../test/harness';
import { createCustomer } from './customers.service';

const ISSUER = 'https://login.test.example/v2.0';
const AUDIENCE = 'cairn-web';
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let t: TestApp;
let admin: string;
let globexAdmin: string;
let root: string;

beforeAll(async () => {
  keys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  t = await createTestApp(
    {},
    { OIDC_AZURE_ISSUER: ISSUER, OIDC_AZURE_AUDIENCE: AUDIENCE, OIDC_AZURE_JWKS: JSON.stringify({ keys: [jwk] }) },
  );
  await t.app.db.update(users).set({ isAdmin: true }).where(eq(users.email, DEMO_USERS.other.email));
  await t.app.db.update(users).set({ isRoot: true }).where(eq(users.email, DEMO_USERS.rival.email));
  admin = (await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password)).access_token;
  globexAdmin = (await login(t.app, DEMO_USERS.other.email, DEMO_USERS.other.password)).access_token;
  root = (await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password)).access_token;
});
afterAll(() => t.close());

const azure = async (email: string) => {
  const token = await new SignJWT({ email })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(keys.privateKey);
  return t.app.inject({ method: 'POST', url: '/api/auth/azure', payload: { access_token: token } });
};
const putSso = (token: string, domains: string[]) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/sso', headers: bearer(token), payload: { domains } });

describe('SSO sign-up', () => {
  it('is off by default: an unknown address is refused', async () => {
    expect((await azure('newbie@acme-sso.example')).json().code).toBe('unknown_account');
  });

  it("creates a learner of the customer that lists the address's domain, once", async () => {
    const saved = await putSso(admin, ['Acme-SSO.example']);
    expect(saved.json().data).toEqual({ domains: ['acme-sso.example'] });
    const first = await azure('newbie@acme-sso.example');
    expect(first.statusCode).toBe(200);
    const [u] = await t.app.db.select().from(users).where(eq(users.email, 'newbie@acme-sso.example'));
    const [coach] = await t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.coach.email));
    expect(u.customerId).toBe(coach.customerId);
    expect(u.isAdmin).toBe(false);
    const again = await azure('newbie@acme-sso.example');
    expect((again.json() as LoginResponse).data.logins).toBe(1);
    const n = await t.app.db.execute<{ n: string }>(
      sql`select count(*) as n from users where email = 'newbie@acme-sso.example'`,
    );
    expect(Number(n.rows[0].n)).toBe(1);
    // another domain is still refused
    expect((await azure('someone@elsewhere.example')).statusCode).toBe(422);
  });

  it("refuses a domain another customer lists (422), and a bad domain (422), for another customer's admin", async () => {
    expect((await putSso(globexAdmin, ['acme-sso.example'])).statusCode).toBe(422);
    expect((await putSso(globexAdmin, ['not a domain'])).statusCode).toBe(422);
  });
});

describe('operators', () => {
  it('an operator creates a customer whose first admin is invited by e-mail and then runs it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/customers',
      headers: bearer(root),
      payload: { company: 'Initrode', admin_email: 'boss@initrode.example', language: 'en' },
    });
    expect(res.statusCode).toBe(201);
    await t.app.jobs.drain();
    await t.app.mailer.flush();
    const mail = await readMail(t.config.outboxDir, 'boss@initrode.example');
    const token = /invitation=([A-Za-z0-9_-]+)/.exec(mail)?.[1] as string;
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}`,
      payload: { password: 'boss-secret', accepted: true },
    });
    expect(accepted.statusCode).toBe(200);
    const boss = (accepted.json() as LoginResponse).data.access_token;
    const people = await t.app.inject({ url: '/api/admin/users', headers: bearer(boss) });
    expect(people.json().data.map((p: { email: string }) => p.email)).toEqual(['boss@initrode.example']);
    const audit = await t.app.inject({ url: '/api/admin/audit', headers: bearer(boss) });
    expect(audit.json().data[0]).toMatchObject({ action: 'customer.create', actor: { name: 'Rico Rival' } });
    const list = await t.app.inject({ url: '/api/admin/customers', headers: bearer(root) });
    expect(list.json().data.map((c: { company: string }) => c.company)).toContain('Initrode');
  });

  it('refuses customer admins who are not operators (403) and bad input (422)', async () => {
    const body = { company: 'Nope', admin_email: 'nope@example.com' };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/customers', headers: bearer(admin), payload: body }))
        .statusCode,
    ).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/customers',
      headers: bearer(root),
      payload: { company: '', admin_email: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['company', 'admin_email']));
  });

  it('the command line gets the invitation link at once (createCustomer with issueLink)', async () => {
    const made = await createCustomer(
      t.app.db,
      { company: 'Cli Co', admin_email: 'cli@cli.example' },
      { userId: null, ip: null },
      { issueLink: true },
    );
    expect(made.token).toMatch(/^inv_/);
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${made.token}`,
      payload: { password: 'cli-secret', accepted: true },
    });
    expect(ok.statusCode).toBe(200);
    // an address already in use is refused, and nothing is created
    await expect(
      createCustomer(t.app.db, { company: 'Twice', admin_email: 'cli@cli.example' }, { userId: null, ip: null }),
    ).rejects.toThrow(/already has an account/);
    const n = await t.app.db.execute<{ n: string }>(sql`select count(*) as n from customers where company = 'Twice'`);
    expect(Number(n.rows[0].n)).toBe(0);
  });
});
