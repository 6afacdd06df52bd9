import type { CoachUser, CoachUsersPage, CoachUserTrails } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { customerIdOf, importTest, optionId, player } from '../../test/fixtures/trails.fixtures';
import { bearer, countQueries, createTestApp, login, type TestApp } from '../../test/harness';
import { signIn } from '../accounts/accounts.service';

const TRAIL = `format: cairn-trail/1
name: Coach trail
type: survey
tries: 0
pebbles:
  - name: Q1
    xp: 5
    minerals: [ { type: sa_text, title: One?, values: [ 'a', 'b' ] } ]
  - name: Q2
    xp: 5
    minerals: [ { type: sa_text, title: Two?, values: [ 'a', 'b' ] } ]
`;

let t: TestApp;
let trailId: number;
const tok: Record<'learner' | 'rival' | 'coach' | 'other', string> = { learner: '', rival: '', coach: '', other: '' };
const ids: Record<string, number> = {};
const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const post = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

async function list(query = ''): Promise<CoachUsersPage> {
  const res = await get(tok.coach, `/api/results/users/coach${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  trailId = await importTest(t, TRAIL, { assign: [DEMO_USERS.learner.email, DEMO_USERS.rival.email] });
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) {
    tok[k] = (await login(t.app, DEMO_USERS[k].email, DEMO_USERS[k].password)).access_token;
    ids[k] = (await get(tok[k], '/api/user/profile')).json().data.id;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/results/users/coach', () => {
  it("lists the coach's customer's learners by last name with their totals, never another customer's or public users", async () => {
    await t.app.inject({ method: 'POST', url: '/api/public/login/demo' }); // a public user of Acme exists now
    const page = await list();
    const names = page.data.map((u) => u.lastname);
    expect(names).toEqual(expect.arrayContaining(['Learner', 'Rival']));
    expect(page.data.some((u) => u.id === ids.other)).toBe(false);
    expect(page.data.some((u) => u.id === ids.coach)).toBe(false); // a coach is not their own learner
    expect(page.data.every((u) => u.email !== null)).toBe(true); // public users have no email
    expect([...names].sort((a, b) => (a ?? '').localeCompare(b ?? ''))).toEqual(names);
    expect(page.meta.pagination).toMatchObject({ total: page.data.length, current_page: 1, per_page: 9_999_999 });
    const lena = page.data.find((u) => u.id === ids.learner) as CoachUser;
    expect(lena.trails_assigned).toBeGreaterThanOrEqual(1);
  });

  it('searches first name, last name and email from 2 characters, and refuses 1 with a field error', async () => {
    expect((await list('?search=lena')).data.map((u) => u.id)).toEqual([ids.learner]);
    expect((await list('?search=Learner%20Lena')).data.map((u) => u.id)).toEqual([ids.learner]);
    expect((await list('?search=rival%40')).data.map((u) => u.id)).toEqual([ids.rival]);
    expect((await list('?search=%25a')).data).toEqual([]); // % is a character, not a wildcard
    expect((await list('?search=')).data.length).toBeGreaterThanOrEqual(2); // an empty search is no filter
    const short = await get(tok.coach, '/api/results/users/coach?search=l');
    expect(short.statusCode).toBe(422);
    expect(short.json().rules).toEqual({ search: { rule: 'min', params: { length: 2 } } });
  });

  it('narrows to a trail, pages, and counts what matched', async () => {
    const onTrail = await list(`?trail_id=${trailId}`);
    expect(onTrail.data.map((u) => u.id).sort()).toEqual([ids.learner, ids.rival].sort());
    const first = await list(`?trail_id=${trailId}&limit=1&page=2`);
    expect(first.data).toHaveLength(1);
    expect(first.meta.pagination).toEqual({ total: 2, total_pages: 2, current_page: 2, per_page: 1 });
    const past = await list(`?trail_id=${trailId}&limit=1&page=9`);
    expect(past.data).toEqual([]);
    expect(past.meta.pagination.total).toBe(2);
  });

  it('refuses learners with 403', async () => {
    for (const k of ['learner', 'rival', 'other'] as const) {
      expect((await get(tok[k], '/api/results/users/coach')).statusCode).toBe(403);
      expect((await get(tok[k], `/api/results/users/trails/coach/${ids.learner}`)).statusCode).toBe(403);
      expect((await post(tok[k], `/api/users/${ids.learner}`, { firstname: 'X' })).statusCode).toBe(403);
    }
  });

  it('makes the same number of queries for one learner as for all', async () => {
    const queries = countQueries(t.database.pool);
    try {
      await list('?limit=1');
      const one = queries.count;
      queries.reset();
      await list();
      expect(queries.count).toBe(one);
      queries.reset();
      await get(tok.coach, `/api/results/users/trails/coach/${ids.learner}`);
      expect(queries.count).toBeLessThanOrEqual(8);
    } finally {
      queries.restore();
    }
  });
});

describe('GET /api/results/users/trails/coach/{id}', () => {
  it("gives a learner's trails with progress and the profile a coach may change; 404 across customers", async () => {
    const p = player(t, tok.learner);
    const peb = await p.pebble(trailId);
    await p.ok(peb.id, [{ id: peb.minerals[0].id, options: [optionId(peb, 'a')] }]);
    const res = await get(tok.coach, `/api/results/users/trails/coach/${ids.learner}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as CoachUserTrails;
    expect(data.user).toMatchObject({ id: ids.learner, firstname: 'Lena' });
    const trail = data.trails.find((x) => x.id === trailId);
    expect(trail?.progress).toMatchObject({ answered: 1, total: 2, status: 'in_progress', xp: 5, xp_total: 10 });
    expect(trail?.started_at).not.toBeNull();
    expect(trail?.completed_at).toBeNull();
    expect(data.profile.fields.map((f) => f.name)).toContain('cost_centre');
    expect((await get(tok.coach, `/api/results/users/trails/coach/${ids.other}`)).statusCode).toBe(404);
    expect((await get(tok.coach, '/api/results/users/trails/coach/99999999')).statusCode).toBe(404);
  });
});

describe('POST /api/users/{id}', () => {
  it("changes a learner's names, mobile, birth date and custom fields, the coach-only one included", async () => {
    const res = await post(tok.coach, `/api/users/${ids.rival}`, {
      firstname: 'Ricardo',
      mobile: '+34 600 000 000',
      birth: '1990-04-12',
      fields: { cost_centre: 'CC-42', experience: '3 to 5 years' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.firstname).toBe('Ricardo');
    const profile = (await get(tok.rival, '/api/user/profile')).json().data;
    expect(profile).toMatchObject({ firstname: 'Ricardo', mobile: '+34 600 000 000', birth: '1990-04-12' });
    const fields = Object.fromEntries(
      (profile.fields as { name: string; fieldValues: string | null; edit: boolean }[]).map((f) => [f.name, f]),
    );
    expect(fields.cost_centre).toMatchObject({ fieldValues: 'CC-42', edit: false });
    expect(fields.experience.fieldValues).toBe('3 to 5 years');
    // the learner still may not set the coach-only field
    const own = await post(tok.rival, '/api/user/fields', { fields: { cost_centre: 'mine' } });
    expect(own.statusCode).toBe(422);
  });

  it('refuses bad values with field errors and stores nothing of the request', async () => {
    const res = await post(tok.coach, `/api/users/${ids.rival}`, {
      firstname: 'Nope',
      birth: '1990-13-45',
      fields: { gender: 'Robot' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['birth']);
    const fieldErr = await post(tok.coach, `/api/users/${ids.rival}`, {
      firstname: 'Nope',
      fields: { gender: 'Robot' },
    });
    expect(fieldErr.statusCode).toBe(422);
    expect(Object.keys(fieldErr.json().errors)).toEqual(['gender']);
    expect((await get(tok.rival, '/api/user/profile')).json().data.firstname).toBe('Ricardo');
    // fields a coach may not change are refused, not ignored
    const email = await post(tok.coach, `/api/users/${ids.rival}`, { email: 'x@example.com' });
    expect(email.statusCode).toBe(422);
    const lang = await post(tok.coach, `/api/users/${ids.rival}`, { language: 'de' });
    expect(lang.statusCode).toBe(422);
  });

  it("answers 404 for another customer's user and for public users", async () => {
    expect((await post(tok.coach, `/api/users/${ids.other}`, { firstname: 'X' })).statusCode).toBe(404);
    const acme = await customerIdOf(t, 'Acme');
    const [pub] = (
      await t.database.db.execute<{ id: number }>(
        sql`select id from users where customer_id = ${acme} and public_link_id is not null limit 1`,
      )
    ).rows;
    if (pub) expect((await post(tok.coach, `/api/users/${pub.id}`, { firstname: 'X' })).statusCode).toBe(404);
  });
});

describe('POST /api/users/{id}: the rank check', () => {
  /** A new Acme user with the role, and an access token of theirs. */
  async function acmeUser(first: string, role: 'learner' | 'coach', isAdmin: boolean) {
    const db = t.database.db;
    const acme = await customerIdOf(t, 'Acme');
    const [u] = (
      await db.execute<{ id: number }>(
        sql`insert into users (customer_id, email, firstname, lastname, is_coach, is_admin, terms_accepted_at)
            values (${acme}, ${`${first.toLowerCase()}@rank.example`}, ${first}, 'Rank', ${role === 'coach'}, ${isAdmin}, now())
            returning id`,
      )
    ).rows;
    await db.execute(sql`insert into user_roles (user_id, role_id) select ${u.id}, id from roles where name = ${role}`);
    const token = (await signIn(db, u.id, { method: 'password', ip: '127.0.0.1' }, t.config)).data.access_token;
    return { id: u.id, token };
  }
  const firstname = async (id: number) =>
    (await t.database.db.execute<{ firstname: string }>(sql`select firstname from users where id = ${id}`)).rows[0]
      .firstname;

  it('refuses a coach changing another coach, or themselves (not below their role level), with 403', async () => {
    const peerCoach = await acmeUser('Cora', 'coach', false);
    for (const target of [peerCoach.id, ids.coach]) {
      const res = await post(tok.coach, `/api/users/${target}`, { firstname: 'Hijacked' });
      expect(res.statusCode, String(target)).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
      expect(await firstname(target)).not.toBe('Hijacked');
    }
    // the other way round too: the second coach may not change the demo coach
    expect((await post(peerCoach.token, `/api/users/${ids.coach}`, { firstname: 'Hijacked' })).statusCode).toBe(403);
  });

  it('lets only a customer admin change a customer admin; any coach changes a plain learner', async () => {
    const plainCoach = await acmeUser('Paul', 'coach', false);
    const adminLearner = await acmeUser('Ada', 'learner', true);
    const refused = await post(plainCoach.token, `/api/users/${adminLearner.id}`, { firstname: 'Changed' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    expect(await firstname(adminLearner.id)).toBe('Ada');
    // the demo coach is a customer admin (is_admin)
    expect((await post(tok.coach, `/api/users/${adminLearner.id}`, { firstname: 'Adele' })).statusCode).toBe(200);
    expect((await post(plainCoach.token, `/api/users/${ids.learner}`, { firstname: 'Lena' })).statusCode).toBe(200);
  });
});
