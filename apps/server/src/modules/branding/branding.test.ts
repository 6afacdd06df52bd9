import { customerThemeResponseSchema, themesResponseSchema, userSchema } from '@cairn/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string; // Cora, Acme's coach, is_admin
let learner: string; // Lena, Acme
let globexAdmin: string; // Otto, Globex, made admin for these tests
beforeAll(async () => {
  t = await createTestApp();
  await t.app.db.update(users).set({ isAdmin: true }).where(eq(users.email, DEMO_USERS.other.email));
  admin = (await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password)).access_token;
  learner = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  globexAdmin = (await login(t.app, DEMO_USERS.other.email, DEMO_USERS.other.password)).access_token;
});
afterAll(() => t.close());

const violet = { r: 90, g: 40, b: 200 };
const ink = { r: 20, g: 20, b: 30 };
const bg = (url: string, a = 0.3) => ({ url, brightness: { r: 0, g: 0, b: 0, a } });
const body = {
  color0: violet,
  color2: ink,
  backgroundLandscape: bg('/files/customers/acme/landscape.jpg', 0.5),
  backgroundPortrait: null,
};
const put = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/customer/theme', headers: bearer(token), payload: payload as object });
const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
const profileOf = async (token: string) => userSchema.parse((await get('/api/user/profile', token)).json().data);

describe('GET /api/customer/theme', () => {
  it("gives an admin the customer's palette, current theme and background choices", async () => {
    const res = await get('/api/customer/theme', admin);
    expect(res.statusCode).toBe(200);
    const { data } = customerThemeResponseSchema.parse(res.json());
    expect(data.style.colors.color0).toEqual({ r: 255, g: 114, b: 51 });
    expect(data.theme.name).toBe('Acme Sunrise');
    expect(data.backgrounds).toEqual(['/files/customers/acme/landscape.jpg', '/files/customers/acme/portrait.jpg']);
  });

  it('refuses a learner with 403', async () => {
    const res = await get('/api/customer/theme', learner);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });
});

describe('PUT /api/customer/theme', () => {
  it('refuses a learner with 403 and changes nothing', async () => {
    const res = await put(learner, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect((await profileOf(learner)).customer?.style.colors.color0).toEqual({ r: 255, g: 114, b: 51 });
  });

  it('refuses a bad colour with 422 naming the field, and stores nothing', async () => {
    const res = await put(admin, { ...body, color0: { r: 300, g: 0, b: 0 } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['color0.r']);
    const notHex = await put(admin, { ...body, color2: '#zzzzzz' });
    expect(notHex.statusCode).toBe(422);
    expect(res.json().errors['color0.r']).toBeDefined();
    const outside = await put(admin, { ...body, backgroundPortrait: bg('https://evil.example/x.png') });
    expect(outside.statusCode).toBe(422);
    expect(Object.keys(outside.json().errors)).toEqual(['backgroundPortrait.url']);
    const dark = await put(admin, {
      ...body,
      backgroundPortrait: { url: '/files/a.svg', brightness: { r: 0, g: 0, b: 0, a: 2 } },
    });
    expect(dark.statusCode).toBe(422);
    expect((await profileOf(learner)).customer?.style.colors.color0).toEqual({ r: 255, g: 114, b: 51 });
  });

  it("stores an admin's theme on the customer: every user of it gets the palette and the backgrounds", async () => {
    const res = await put(admin, body);
    expect(res.statusCode).toBe(200);
    const { data } = customerThemeResponseSchema.parse(res.json());
    expect(data.style).toEqual({ attributes: { color: '#5a28c8' }, colors: { color0: violet, color2: ink } });
    // a learner of the same customer sees it in the profile and the themes
    const style = (await profileOf(learner)).customer?.style;
    expect(style?.colors).toEqual({ color0: violet, color2: ink });
    const themes = themesResponseSchema.parse((await get('/api/themes', learner)).json()).data;
    expect(themes[0].name).toBe('Acme Sunrise');
    expect(themes[0].backgroundLandscape).toEqual(body.backgroundLandscape);
    expect(themes[0].backgroundPortrait).toBeNull();
  });

  it("lets another customer's admin change only their own customer", async () => {
    const before = (await profileOf(learner)).customer?.style;
    const res = await put(globexAdmin, { ...body, color0: { r: 0, g: 120, b: 90 } });
    expect(res.statusCode).toBe(200);
    expect((await profileOf(globexAdmin)).customer?.style.colors.color0).toEqual({ r: 0, g: 120, b: 90 });
    expect((await profileOf(learner)).customer?.style).toEqual(before);
    // nor can a body name a customer
    const sneaky = await put(globexAdmin, { ...body, customer_id: 1 });
    expect(sneaky.statusCode).toBe(422);
  });

  it('requires sign-in', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/customer/theme', payload: body });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /manifest.webmanifest', () => {
  it('names Cairn by default and the customer when asked, with installable icons', async () => {
    const plain = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain('application/manifest+json');
    const m = plain.json();
    expect(m).toMatchObject({ name: 'Cairn', start_url: '/games', display: 'standalone', theme_color: '#ff7233' });
    expect(m.icons.map((i: { sizes: string }) => i.sizes)).toContain('512x512');
    const customerId = (await profileOf(learner)).customer!.id;
    const acme = (await t.app.inject({ url: `/manifest.webmanifest?customer=${customerId}` })).json();
    expect(acme.name).toBe('Acme Learning');
    expect((await t.app.inject({ url: '/manifest.webmanifest?customer=99999' })).json().name).toBe('Cairn');
    expect((await t.app.inject({ url: '/manifest.webmanifest?customer=x' })).statusCode).toBe(422);
  });
});
