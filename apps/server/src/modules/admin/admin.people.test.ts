import { adminUserResponseSchema, adminUsersResponseSchema, auditResponseSchema } from '@cairn/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { bearer, countQueries, createTestApp, login, readMail, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string; // Cora: Acme's coach and admin
let learner: string; // Lena, Acme
let globexAdmin: string; // Otto, Globex, made admin here
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.db.update(users).set({ isAdmin: true }).where(eq(users.email, DEMO_USERS.other.email));
  admin = (await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password)).access_token;
  learner = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  globexAdmin = (await login(t.app, DEMO_USERS.other.email, DEMO_USERS.other.password)).access_token;
  for (const [k, v] of Object.entries(DEMO_USERS)) {
    const [u] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, v.email));
    ids[k] = u.id;
  }
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const invite = (body: object, token = admin) => send('POST', '/api/admin/users', token, body);
const linkIn = (mail: string) => {
  const m = /(https?:\/\/[^\s"<>]+invitation=[A-Za-z0-9_-]+)/.exec(mail);
  if (!m) throw new Error(`no invitation link in:\n${mail}`);
  return new URL(m[1]);
};
const tokenOf = (link: URL) => link.searchParams.get('invitation') as string;
const accept = (token: string, body: object = { password: 'secret-pass', accepted: true }) =>
  t.app.inject({ method: 'POST', url: `/api/invitations/${token}`, payload: body });
const mailLink = async (email: string) => {
  await t.app.jobs.drain();
  await t.app.mailer.flush();
  return linkIn(await readMail(t.config.outboxDir, email));
};

describe('GET /api/admin/users', () => {
  it("lists the admin's customer's people with their role, state and a count, in a fixed number of queries", async () => {
    const counter = countQueries(t.database.pool);
    const res = await get('/api/admin/users', admin);
    const queries = counter.count;
    counter.restore();
    expect(res.statusCode).toBe(200);
    const page = adminUsersResponseSchema.parse(res.json());
    const emails = page.data.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining([DEMO_USERS.learner.email, DEMO_USERS.coach.email]));
    expect(emails).not.toContain(DEMO_USERS.other.email);
    expect(page.data.find((u) => u.email === DEMO_USERS.coach.email)).toMatchObject({ role: 'admin', state: 'active' });
    expect(page.data.find((u) => u.email === DEMO_USERS.learner.email)).toMatchObject({ role: 'learner' });
    expect(page.meta.pagination.total).toBe(page.data.length);
    // the token check, the admin check and the one list query: as many for 3 people as for 10,000
    expect(queries).toBeLessThanOrEqual(3);
  });

  it('searches by name or e-mail from 2 characters, and filters by role and state', async () => {
    const byName = adminUsersResponseSchema.parse((await get('/api/admin/users?search=lena', admin)).json());
    expect(byName.data.map((u) => u.email)).toEqual([DEMO_USERS.learner.email]);
    const byMail = adminUsersResponseSchema.parse((await get('/api/admin/users?search=RIVAL@', admin)).json());
    expect(byMail.data.map((u) => u.email)).toEqual([DEMO_USERS.rival.email]);
    // one character does not filter (the list stays whole)
    const one = adminUsersResponseSchema.parse((await get('/api/admin/users?search=l', admin)).json());
    expect(one.meta.pagination.total).toBeGreaterThan(1);
    const coaches = adminUsersResponseSchema.parse((await get('/api/admin/users?role=admin', admin)).json());
    expect(coaches.data.map((u) => u.email)).toEqual([DEMO_USERS.coach.email]);
    const invited = adminUsersResponseSchema.parse((await get('/api/admin/users?state=deactivated', admin)).json());
    expect(invited.data).toEqual([]);
    // a wildcard is a character like any other
    const percent = adminUsersResponseSchema.parse((await get('/api/admin/users?search=%25%25', admin)).json());
    expect(percent.data).toEqual([]);
  });

  it('refuses anonymous callers (401), learners and coaches who are not admins (403)', async () => {
    expect((await get('/api/admin/users')).statusCode).toBe(401);
    expect((await get('/api/admin/users', learner)).statusCode).toBe(403);
    await t.app.db.update(users).set({ isAdmin: false }).where(eq(users.id, ids.coach));
    try {
      expect((await get('/api/admin/users', admin)).statusCode).toBe(403);
    } finally {
      await t.app.db.update(users).set({ isAdmin: true }).where(eq(users.id, ids.coach));
    }
  });

  it("shows another customer's admin only their own people", async () => {
    const page = adminUsersResponseSchema.parse((await get('/api/admin/users', globexAdmin)).json());
    expect(page.data.map((u) => u.email)).toEqual([DEMO_USERS.other.email]);
  });

  it('refuses a bad filter with 422, never 500', async () => {
    expect((await get('/api/admin/users?role=king', admin)).statusCode).toBe(422);
    expect((await get(`/api/admin/users?search=${'x'.repeat(101)}`, admin)).statusCode).toBe(422);
  });
});

describe('invitations', () => {
  it('invites a person: the account waits without a password, the mail is in their language, the link works once', async () => {
    const res = await invite({
      email: 'Greta@Example.com',
      firstname: 'Greta',
      lastname: 'Gast',
      language: 'de',
      role: 'learner',
    });
    expect(res.statusCode).toBe(201);
    const { data } = adminUserResponseSchema.parse(res.json());
    expect(data).toMatchObject({ email: 'greta@example.com', state: 'invited', role: 'learner' });
    const mail = await readMail(t.config.outboxDir, 'greta@example.com');
    expect(mail).toMatch(/Subject: .*Acme Learning/);
    expect(mail).toContain('Passwort festlegen');
    const link = await mailLink('greta@example.com');
    expect(link.pathname).toBe('/de/welcome/new');
    // no sign-in before the invitation is accepted
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'greta@example.com', password: 'secret-pass' },
    });
    expect(before.statusCode).toBe(422);
    // the terms must be accepted and the password long enough
    expect((await accept(tokenOf(link), { password: 'secret-pass', accepted: false })).statusCode).toBe(422);
    expect((await accept(tokenOf(link), { password: '123', accepted: true })).statusCode).toBe(422);
    const ok = await accept(tokenOf(link));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.access_token).toBeTruthy();
    expect(ok.json().data.logins).toBe(0);
    // used once: the same link again is refused, and the password works
    const again = await accept(tokenOf(link), { password: 'other-pass', accepted: true });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('invalid_invitation');
    await login(t.app, 'greta@example.com', 'secret-pass');
    const list = adminUsersResponseSchema.parse((await get('/api/admin/users?search=greta', admin)).json());
    expect(list.data[0]).toMatchObject({ state: 'active', invited_at: null });
  });

  it('re-sending revokes the old link; an accepted invitation cannot be re-sent (409)', async () => {
    const res = await invite({
      email: 'hugo@example.com',
      firstname: 'Hugo',
      lastname: 'Hall',
      language: 'en',
      role: 'coach',
    });
    const id = res.json().data.id as number;
    const first = tokenOf(await mailLink('hugo@example.com'));
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/invite`, headers: bearer(admin) });
    // the old link stops working at once, before the new mail is read
    expect((await accept(first)).json().code).toBe('invalid_invitation');
    const second = tokenOf(await mailLink('hugo@example.com'));
    expect(second).not.toBe(first);
    expect((await accept(second)).statusCode).toBe(200);
    const resend = await t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/invite`, headers: bearer(admin) });
    expect(resend.statusCode).toBe(409);
  });

  it('refuses an invitation link past its 7 days', async () => {
    const res = await invite({
      email: 'ida@example.com',
      firstname: 'Ida',
      lastname: 'Old',
      language: 'fr',
      role: 'learner',
    });
    const token = tokenOf(await mailLink('ida@example.com'));
    await t.app.db.execute(
      sql`update invitations set expires_at = now() - interval '1 second' where user_id = ${res.json().data.id}`,
    );
    const late = await accept(token);
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('invalid_invitation');
  });

  it('refuses bad input with 422 by field, a taken address included, and stores nothing', async () => {
    const bad = await invite({ email: 'not-an-address', firstname: '', lastname: 'X', language: 'xx', role: 'king' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['email', 'firstname', 'language', 'role']));
    const taken = await invite({
      email: DEMO_USERS.other.email,
      firstname: 'O',
      lastname: 'O',
      language: 'en',
      role: 'learner',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toBeDefined();
    const [{ n }] = (await t.database.pool.query("select count(*)::int as n from users where email = 'not-an-address'"))
      .rows;
    expect(n).toBe(0);
  });

  it('refuses learners (403) and anonymous callers (401); accepting needs no token but a real link', async () => {
    const body = { email: 'zed@example.com', firstname: 'Z', lastname: 'Z', language: 'en', role: 'learner' };
    expect((await invite(body, learner)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/users', null, body)).statusCode).toBe(401);
    expect((await accept('inv_nothing-like-a-real-token')).statusCode).toBe(422);
  });
});

describe('PATCH and DELETE /api/admin/users/{id}', () => {
  it('changes a role, and pauses and reactivates a person', async () => {
    const coach = await send('PATCH', `/api/admin/users/${ids.learner}`, admin, { role: 'coach' });
    expect(coach.json().data).toMatchObject({ role: 'coach' });
    const paused = await send('PATCH', `/api/admin/users/${ids.learner}`, admin, { state: 'paused' });
    expect(paused.json().data).toMatchObject({ state: 'paused' });
    // a paused person still signs in (they are only left out of battles, ratings and reminders)
    await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
    const back = await send('PATCH', `/api/admin/users/${ids.learner}`, admin, { role: 'learner', state: 'active' });
    expect(back.json().data).toMatchObject({ role: 'learner', state: 'active' });
  });

  it('deactivating ends the sessions at once and refuses sign-in until reactivated', async () => {
    const rival = (await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password)).access_token;
    expect((await get('/api/user/profile', rival)).statusCode).toBe(200);
    const res = await send('PATCH', `/api/admin/users/${ids.rival}`, admin, { state: 'deactivated' });
    expect(res.json().data.state).toBe('deactivated');
    expect((await get('/api/user/profile', rival)).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: DEMO_USERS.rival.email, password: DEMO_USERS.rival.password },
    });
    expect(refused.statusCode).toBe(422);
    await send('PATCH', `/api/admin/users/${ids.rival}`, admin, { state: 'active' });
    await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
  });

  it('keeps an admin from locking themselves out', async () => {
    expect((await send('PATCH', `/api/admin/users/${ids.coach}`, admin, { role: 'learner' })).statusCode).toBe(422);
    expect((await send('PATCH', `/api/admin/users/${ids.coach}`, admin, { state: 'deactivated' })).statusCode).toBe(
      422,
    );
    expect((await send('DELETE', `/api/admin/users/${ids.coach}`, admin)).statusCode).toBe(422);
  });

  it("answers 404 for another customer's person and 403 for a learner, changing nothing", async () => {
    expect(
      (await send('PATCH', `/api/admin/users/${ids.learner}`, globexAdmin, { state: 'deactivated' })).statusCode,
    ).toBe(404);
    expect((await send('DELETE', `/api/admin/users/${ids.learner}`, globexAdmin)).statusCode).toBe(404);
    expect((await send('PATCH', `/api/admin/users/${ids.rival}`, learner, { state: 'paused' })).statusCode).toBe(403);
    const [u] = await t.app.db.select().from(users).where(eq(users.id, ids.learner));
    expect(u.deactivatedAt).toBeNull();
    expect(u.deletedAt).toBeNull();
  });

  it('erases a person: personal data gone, answers kept, sign-in refused', async () => {
    const res = await invite({
      email: 'erin@example.com',
      firstname: 'Erin',
      lastname: 'Erased',
      language: 'en',
      role: 'learner',
    });
    const id = res.json().data.id as number;
    const token = tokenOf(await mailLink('erin@example.com'));
    await accept(token);
    const answers = async () =>
      (await t.database.pool.query('select count(*)::int as n from pebble_states where user_id = $1', [id])).rows[0].n;
    await t.database.pool.query(
      `insert into pebble_states (user_id, pebble_id, trail_id, answered_at, passed)
       select $1, id, trail_id, now(), true from pebbles order by id limit 1`,
      [id],
    );
    const kept = await answers();
    expect(kept).toBe(1);
    const del = await send('DELETE', `/api/admin/users/${id}`, admin);
    expect(del.statusCode).toBe(200);
    const [u] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(u).toMatchObject({ email: null, firstname: null, lastname: null, passwordHash: null });
    expect(u.deletedAt).not.toBeNull();
    expect(await answers()).toBe(kept);
    const list = adminUsersResponseSchema.parse((await get('/api/admin/users?search=erin', admin)).json());
    expect(list.data).toEqual([]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'erin@example.com', password: 'secret-pass' },
    });
    expect(refused.statusCode).toBe(422);
  });
});

describe('GET /api/admin/audit', () => {
  it('records who did what to which object, when and from where, newest first', async () => {
    const res = await get('/api/admin/audit', admin);
    expect(res.statusCode).toBe(200);
    const { data } = auditResponseSchema.parse(res.json());
    const actions = data.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['user.invite', 'user.reinvite', 'user.update', 'user.erase']));
    const update = data.find((e) => e.action === 'user.update' && e.object_id === String(ids.rival));
    expect(update).toMatchObject({
      object_type: 'user',
      actor: { id: ids.coach, name: 'Cora Coach' },
      ip: '127.0.0.1',
    });
    expect(data.map((e) => e.id)).toEqual([...data.map((e) => e.id)].sort((a, b) => b - a));
    // the erasure's entry names no personal data
    expect(JSON.stringify(data.find((e) => e.action === 'user.erase')?.detail)).not.toContain('erin');
  });

  it("refuses learners (403) and shows another customer's admin none of Acme's entries", async () => {
    expect((await get('/api/admin/audit', learner)).statusCode).toBe(403);
    const other = auditResponseSchema.parse((await get('/api/admin/audit', globexAdmin)).json());
    expect(other.data).toEqual([]);
  });
});
