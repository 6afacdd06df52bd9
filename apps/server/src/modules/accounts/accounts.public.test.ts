import type { LoginResponse } from '@cairn/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trails } from '../../db/schema';
import { bearer, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/public/login/{linkId}', () => {
  it("creates an account-less public user of the trail's customer, tied to the link's trail", async () => {
    const [trail] = await t.database.db.select().from(trails).where(eq(trails.name, 'Demo exam'));
    const res = await t.app.inject({ method: 'POST', url: '/api/public/login/demo' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as LoginResponse;
    expect(body.status).toBe('success');
    expect(body.data.trail_id).toBe(trail.id);
    expect(body.data.logins).toBe(0);

    const profile = await t.app.inject({ url: '/api/user/profile', headers: bearer(body.data.access_token) });
    expect(profile.statusCode).toBe(200);
    const user = profile.json().data;
    expect(user.email).toBeNull();
    expect(user.roles).toEqual([{ name: 'public', level: 10 }]);
    expect(user.trail_id).toBe(trail.id);
    expect(user.customer.company).toBe('Acme Learning');
  });

  it('gives each visitor a user of their own', async () => {
    const a = (await t.app.inject({ method: 'POST', url: '/api/public/login/demo' })).json().data;
    const b = (await t.app.inject({ method: 'POST', url: '/api/public/login/demo' })).json().data;
    const ida = (await t.app.inject({ url: '/api/user/profile', headers: bearer(a.access_token) })).json().data.id;
    const idb = (await t.app.inject({ url: '/api/user/profile', headers: bearer(b.access_token) })).json().data.id;
    expect(ida).not.toBe(idb);
  });

  it('answers 404 for an unknown link', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/public/login/no-such-link' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This link does not exist', code: 'not_found' });
  });
});
