import { INVALID_CREDENTIALS_MESSAGE, LOCALES, userSchema } from '@cairn/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function tokenOf(who: keyof typeof DEMO_USERS) {
  return (await login(t.app, DEMO_USERS[who].email, DEMO_USERS[who].password)).access_token;
}
const update = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/user/profile', headers: bearer(token), payload });

describe('GET /api/user/profile', () => {
  it('returns the User shape with customer branding, roles, languages, counters and fields', async () => {
    const res = await t.app.inject({ url: '/api/user/profile', headers: bearer(await tokenOf('learner')) });
    expect(res.statusCode).toBe(200);
    const user = userSchema.parse(res.json().data);
    expect(user.email).toBe(DEMO_USERS.learner.email);
    expect(user.id).toBe(user.real_id);
    expect(user.roles).toEqual([{ name: 'learner', level: 100 }]);
    expect(user.customer?.company).toBe('Acme Learning');
    expect(user.customer?.logo[0].url).toBe('/files/customers/acme/logo.svg');
    expect(user.customer?.style.colors.color0).toEqual({ r: 255, g: 114, b: 51 });
    expect(user.supported_languages).toHaveLength(LOCALES.length);
    expect(user.supported_languages[0]).toMatchObject({ code: 'en', default_name: 'English' });
    // home: the four demo trails, never opened; chats: the seeded Acme announcements are unread but not repliable,
    // so not shown to the learner and not counted (§6, docs/chat.md)
    expect(user.notifications).toEqual({ home: 4, me: 0, chats: 0, notifications: 0 });
    expect(user.fields.map((f) => f.name)).toEqual([
      'title',
      'gender',
      'experience',
      'education',
      'department',
      'cost_centre',
    ]);
    expect(user.is_paused).toBe(0);
    expect(user.language).toBe('en');
    expect(user.trail_id).toBeNull();
    expect(user.readable_created_at).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(JSON.stringify(res.json())).not.toMatch(/password|scrypt/i);
  });

  it('shows the coach role with its level and flag', async () => {
    const res = await t.app.inject({ url: '/api/user/profile', headers: bearer(await tokenOf('coach')) });
    expect(res.json().data.roles).toEqual([{ name: 'coach', level: 500 }]);
    expect(res.json().data.is_coach).toBe(true);
  });
});

describe('POST /api/user/profile', () => {
  it('updates the given fields only and answers with the new profile', async () => {
    const token = await tokenOf('learner');
    const res = await update(token, {
      firstname: ' Lena ',
      birth: '1990-02-28',
      language: 'de',
      is_paused: 1,
      nationality_id: null,
      mobile: '+49 30 1234567',
    });
    expect(res.statusCode).toBe(200);
    const u = res.json().data;
    expect(u).toMatchObject({
      firstname: 'Lena',
      lastname: 'Learner',
      birth: '1990-02-28',
      language: 'de',
      is_paused: 1,
      active: false,
      mobile: '+49 30 1234567',
    });
    const back = await update(token, { is_paused: '0' });
    expect(back.json().data.is_paused).toBe(0);
    expect(back.json().data.language).toBe('de');
  });

  it('reports the §5 completion percentage, which rises as checkpoints are filled and ignores the email', async () => {
    const token = await tokenOf('rival');
    const cleared = await update(token, { mobile: null, birth: null, nationality_id: null });
    expect(cleared.statusCode).toBe(200);
    const before = cleared.json().data;
    expect(before.email).not.toBeNull(); // email is internal: filled, yet not a checkpoint
    const checkpoints = 6 + before.fields.filter((f: { edit: boolean }) => f.edit).length;
    const filledBefore = Math.round((before.profile_completion / 100) * checkpoints);
    const res = await update(token, { mobile: '+44 20 7946 0000', birth: '1991-04-01' });
    expect(res.json().data.profile_completion).toBe(Math.round(((filledBefore + 2) / checkpoints) * 100));
    expect(res.json().data.profile_completion).toBeGreaterThan(before.profile_completion);
    const blank = await update(token, { mobile: '  ' });
    expect(blank.json().data.profile_completion).toBe(Math.round(((filledBefore + 1) / checkpoints) * 100));
  });

  it('refuses an unsupported language with 422 keyed by language', async () => {
    const res = await update(await tokenOf('learner'), { language: 'xx' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
    expect(Object.keys(res.json().errors)).toEqual(['language']);
  });

  it('refuses bad dates, unknown countries, bad pause values and wrong types', async () => {
    const token = await tokenOf('learner');
    const bad = await update(token, { birth: '1990-13-40', nationality_id: 999999 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().rules).toEqual({
      birth: { rule: 'date', params: {} },
      nationality_id: { rule: 'oneOf', params: { values: 'a country id' } },
    });
    const paused = await update(token, { is_paused: 2 });
    expect(paused.statusCode).toBe(422);
    expect(paused.json().errors.is_paused).toBeDefined();
    const typed = await update(token, { firstname: 12 });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().errors.firstname).toBeDefined();
  });

  it('never takes a user id from the client: ids in the body change nothing but the caller', async () => {
    const learnerToken = await tokenOf('learner');
    const [rival] = await t.database.db.select().from(users).where(eq(users.email, DEMO_USERS.rival.email));
    const res = await update(learnerToken, { id: rival.id, user_id: rival.id, real_id: rival.id, lastname: 'Changed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(DEMO_USERS.learner.email);
    expect(res.json().data.lastname).toBe('Changed');
    const [after] = await t.database.db.select().from(users).where(eq(users.id, rival.id));
    expect(after.lastname).toBe('Rival');
  });

  it('requires a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/profile', payload: { firstname: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/deleteAccount', () => {
  it('soft-deletes and anonymises the account, revokes its sessions, and refuses later sign-ins', async () => {
    const { email, password } = DEMO_USERS.coach;
    const [{ id: coachId }] = await t.database.db.select().from(users).where(eq(users.email, email));
    const a = await login(t.app, email, password);
    const b = await login(t.app, email, password);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/deleteAccount', headers: bearer(a.access_token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Your account has been deleted' });

    for (const token of [a.access_token, b.access_token]) {
      expect((await t.app.inject({ url: '/api/user/profile', headers: bearer(token) })).statusCode).toBe(401);
    }
    const again = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: email, password } });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: INVALID_CREDENTIALS_MESSAGE, code: 'invalid_credentials' });

    const [row] = await t.database.db.select().from(users).where(eq(users.id, coachId));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.email).toBe(`deleted-${coachId}@deleted.invalid`);
    expect(row.passwordHash).toBeNull();
    expect(row.firstname).toBeNull();
  });
});
