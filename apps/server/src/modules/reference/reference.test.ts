import { countriesResponseSchema, LOCALES, profileFieldsResponseSchema, themesResponseSchema } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
let acme: string;
let globex: string;
beforeAll(async () => {
  t = await createTestApp();
  acme = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  globex = (await login(t.app, DEMO_USERS.other.email, DEMO_USERS.other.password)).access_token;
});
afterAll(() => t.close());

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
const setFields = (token: string, fields: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user/fields', headers: bearer(token), payload: { fields } });

describe('GET /api/languages/supported and /api/countries/all', () => {
  it('lists the 15 locales without sign-in', async () => {
    const res = await get('/api/languages/supported');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((l: { code: string }) => l.code)).toEqual(LOCALES.map((l) => l.code));
    expect(res.json().data[10]).toEqual({
      code: 'th',
      iso: 'th-TH',
      name: 'Thai',
      locale_name: 'ไทย',
      default_name: 'Thai',
      moment_code: 'th',
    });
  });

  it('lists countries by name', async () => {
    const res = await get('/api/countries/all');
    expect(res.statusCode).toBe(200);
    const { data } = countriesResponseSchema.parse(res.json());
    expect(data.length).toBeGreaterThan(5);
    expect(data.find((c) => c.code === 'DE')?.name).toBe('Germany');
    expect(data.map((c) => c.name)).toEqual([...data.map((c) => c.name)].sort());
  });
});

describe('GET /api/themes', () => {
  it("lists the themes of the user's own customer only", async () => {
    const a = themesResponseSchema.parse((await get('/api/themes', acme)).json());
    expect(a.data.map((x) => x.name)).toEqual(['Acme Sunrise', 'Acme Plain']);
    expect(a.data[0].backgroundLandscape?.url).toBe('/files/customers/acme/landscape.jpg');
    const g = themesResponseSchema.parse((await get('/api/themes', globex)).json());
    expect(g.data.map((x) => x.name)).toEqual(['Globex Night']);
  });

  it('requires sign-in', async () => {
    const res = await get('/api/themes');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });
});

describe('custom profile fields', () => {
  it('lists the definitions with the §9 option lists', async () => {
    const res = await get('/api/user/allFields', acme);
    expect(res.statusCode).toBe(200);
    const { data } = profileFieldsResponseSchema.parse(res.json());
    expect(data.find((f) => f.name === 'gender')?.options).toEqual(['Male', 'Female', 'Non-Binary']);
    expect(data.find((f) => f.name === 'title')?.options).toEqual(['Mr.', 'Ms.', 'Mrs.', 'Miss', 'Mx.']);
    expect(data.find((f) => f.name === 'experience')?.options).toHaveLength(7);
    expect(data.every((f) => f.fieldValues === null)).toBe(true);
  });

  it("allFields lists every field with the user's values; fields only those the user fills in (§7)", async () => {
    await t.database.db.execute(sql`
      insert into user_field_values (user_id, field_id, value)
      select u.id, f.id, 'CC-42' from users u join profile_fields f on f.customer_id = u.customer_id
      where lower(u.email) = ${DEMO_USERS.learner.email} and f.name = 'cost_centre'`);
    const all = profileFieldsResponseSchema.parse((await get('/api/user/allFields', acme)).json()).data;
    expect(all.find((f) => f.name === 'cost_centre')).toMatchObject({ edit: false, fieldValues: 'CC-42' });
    expect(all.find((f) => f.name === 'gender')).toMatchObject({ edit: true });
    const mine = profileFieldsResponseSchema.parse((await get('/api/user/fields', acme)).json()).data;
    expect(mine.map((f) => f.name)).toEqual(all.filter((f) => f.edit).map((f) => f.name));
    expect(mine.map((f) => f.name)).not.toContain('cost_centre');
    // saving answers every field, as allFields does (the profile editing screen shows them all)
    const saved = profileFieldsResponseSchema.parse((await setFields(acme, { department: 'Sales' })).json()).data;
    expect(saved.map((f) => f.name)).toEqual(all.map((f) => f.name));
    await setFields(acme, { department: null });
    await t.database.db.execute(sql`delete from user_field_values where value = 'CC-42'`);
  });

  it("stores the user's values and returns them", async () => {
    const res = await setFields(acme, { experience: '3 to 5 years', department: 'Sales', title: 'Mx.' });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(
      profileFieldsResponseSchema.parse(res.json()).data.map((f) => [f.name, f.fieldValues]),
    );
    expect(byName).toMatchObject({ experience: '3 to 5 years', department: 'Sales', title: 'Mx.', gender: null });
    const again = (await get('/api/user/fields', acme)).json().data;
    expect(again.find((f: { name: string }) => f.name === 'department').fieldValues).toBe('Sales');
    const cleared = await setFields(acme, { department: null });
    expect(cleared.json().data.find((f: { name: string }) => f.name === 'department').fieldValues).toBeNull();
    // another user of the same customer does not see these values
    const rival = (await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password)).access_token;
    const theirs = (await get('/api/user/fields', rival)).json().data;
    expect(theirs.find((f: { name: string }) => f.name === 'experience').fieldValues).toBeNull();
  });

  it('refuses a value outside the options with 422 keyed by field, storing nothing', async () => {
    const res = await setFields(acme, { gender: 'Robot', department: 'Ops' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().rules).toEqual({ gender: { rule: 'oneOf', params: { values: 'Male, Female, Non-Binary' } } });
    const after = (await get('/api/user/fields', acme)).json().data;
    expect(after.find((f: { name: string }) => f.name === 'department').fieldValues).not.toBe('Ops');
  });

  it("refuses another customer's field: a Globex-only field cannot be written by an Acme user", async () => {
    const res = await setFields(acme, { division: 'North' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['division']);
    const ok = await setFields(globex, { division: 'North' });
    expect(ok.statusCode).toBe(200);
    const acmeFields = (await get('/api/user/fields', acme)).json().data.map((f: { name: string }) => f.name);
    expect(acmeFields).not.toContain('division');
  });

  it('refuses a malformed body and requires sign-in', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/fields',
      headers: bearer(acme),
      payload: { fields: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.fields).toBeDefined();
    expect((await get('/api/user/fields')).statusCode).toBe(401);
    expect((await get('/api/user/allFields')).statusCode).toBe(401);
  });
});
