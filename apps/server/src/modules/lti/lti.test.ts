import { ltiPlatformsResponseSchema } from '@cairn/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeProtectedHeader, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ltiUsers, trails, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-data';
import {
  type LtiPlatform,
  type PlatformUser,
  postForm,
  ROLE,
  registrationOf,
  startLtiPlatform,
  type ToolUnderTest,
  toolLaunch,
  toolLogin,
} from '../../test/fixtures/lti-platform.fixtures';
import { customerIdOf } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';
import { rotateToolKey, signWithToolKey } from './lti.keys';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
let t: TestApp;
let p: LtiPlatform;
let admin: string;
let learnerToken: string;
let demoTrail: number;
const warnings: unknown[][] = [];

const lena: PlatformUser = {
  sub: 'lms-user-1',
  given_name: 'Lea',
  family_name: 'Lernt',
  email: 'lea.lernt@school.example',
  locale: 'de-DE',
  roles: [ROLE.learner],
};
const tom: PlatformUser = { sub: 'lms-teacher-1', name: 'Tom Teach', roles: [ROLE.instructor] };

beforeAll(async () => {
  t = await createTestApp({}, {}, async (app: FastifyInstance) => {
    // the refusals' log lines, to check they never carry the token
    app.addHook('onRequest', (request, _reply, done) => {
      const log = request.log;
      request.log = Object.assign(Object.create(log), {
        warn: (...args: unknown[]) => {
          warnings.push(args);
        },
      });
      done();
    });
  });
  p = await startLtiPlatform({
    toolUrl: t.config.publicUrl,
    toolJwks: async () => (await t.app.inject({ url: '/lti/jwks' })).json() as { keys: JWK[] },
  });
  p.users.set(lena.sub, lena);
  p.users.set(tom.sub, tom);
  admin = (await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password)).access_token;
  learnerToken = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
  const acme = await customerIdOf(t, 'Acme');
  const [demo] = await t.app.db.select().from(trails).where(eq(trails.name, 'Demo exam'));
  expect(demo.customerId).toBe(acme);
  demoTrail = demo.id;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/lti/platforms',
    headers: bearer(admin),
    payload: registrationOf(p),
  });
  expect(res.statusCode).toBe(201);
  p.launches.set('link-1', {
    [`${LTI}resource_link`]: { id: 'rl-1', title: 'Demo exam' },
    [`${LTI}custom`]: { cairn_trail: String(demoTrail) },
    'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
      scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
      lineitem: p.lineitem('li-1'),
    },
  });
});
afterAll(async () => {
  await p?.close();
  await t?.close();
});

const tool = (): ToolUnderTest => ({ inject: (o) => t.app.inject(o as never) as never, publicUrl: t.config.publicUrl });
const startLogin = (user: PlatformUser, hint: string) => toolLogin(tool(), p, user, hint);
const postLaunch = (idToken: string, state: string, cookie?: string) =>
  postForm(tool(), '/lti/launch', { id_token: idToken, state }, cookie);
const launch = (user: PlatformUser, hint = 'link-1', tweak: Parameters<typeof toolLaunch>[4] = {}) =>
  toolLaunch(tool(), p, user, hint, tweak);

const codeOf = (location: string) => new URL(location, 'http://x').hash.replace('#code=', '');
const exchange = (code: string) => t.app.inject({ method: 'POST', url: '/api/lti/session', payload: { code } });
const userCount = async () => (await t.app.db.select({ n: count() }).from(users))[0].n;

describe('registration', () => {
  it("lists the customer's platforms and the tool's URLs to enter in the LMS", async () => {
    const res = await t.app.inject({ url: '/api/admin/lti/platforms', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const { data } = ltiPlatformsResponseSchema.parse(res.json());
    expect(data.platforms.map((x) => x.issuer)).toEqual([p.issuer]);
    expect(data.platforms[0].deployment_ids).toEqual([p.deploymentId]);
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'lti_platform.register'));
    expect(entry).toMatchObject({ objectType: 'lti_platform', detail: { issuer: p.issuer, client_id: p.clientId } });
    expect(data.tool).toEqual({
      login_url: `${t.config.publicUrl}/lti/login`,
      launch_url: `${t.config.publicUrl}/lti/launch`,
      deep_link_url: `${t.config.publicUrl}/lti/launch`,
      jwks_url: `${t.config.publicUrl}/lti/jwks`,
    });
  });

  it('refuses a learner, a second registration of the same platform, and bad URLs', async () => {
    const post = (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/lti/platforms', headers: bearer(token), payload });
    expect((await post(learnerToken, registrationOf(p, { client_id: 'x' }))).statusCode).toBe(403);
    const again = await post(admin, registrationOf(p));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('lti_platform_exists');
    const bad = await post(
      admin,
      registrationOf(p, { client_id: 'y', jwks_url: 'http://lms.example/jwks', token_url: 'nope' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['jwks_url', 'token_url']);
  });

  it("lets the registered platform's origin frame the app, and no other", async () => {
    const res = await t.app.inject({ url: '/lti/jwks' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors 'self' ${p.issuer}`);
    expect(csp).not.toContain('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('publishes the tool key, which rotates (the retired key stays published)', async () => {
    const jwks = async () => ((await t.app.inject({ url: '/lti/jwks' })).json() as { keys: JWK[] }).keys;
    const before = await jwks();
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(before[0]).not.toHaveProperty('d');
    const kid = await rotateToolKey(t.app.db);
    const after = await jwks();
    expect(after.map((k) => k.kid)).toEqual([kid, before[0].kid]);
    // the new key signs
    const jwt = await signWithToolKey(t.app.db, { sub: 'x' });
    expect(decodeProtectedHeader(jwt).kid).toBe(kid);
  });
});

describe('launch', () => {
  it('signs a learner in just in time and opens the linked trail, with no second sign-in', async () => {
    const before = await userCount();
    const { res, redirectUri, authUrl } = await launch(lena);
    expect(authUrl).toBe(p.urls.auth);
    expect(redirectUri).toBe(`${t.config.publicUrl}/lti/launch`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/lti\/start#code=/);
    const session = await exchange(codeOf(res.headers.location as string));
    expect(session.statusCode).toBe(200);
    const { data } = session.json();
    expect(data.target).toBe(`/player/${demoTrail}`);
    const profile = (await t.app.inject({ url: '/api/user/profile', headers: bearer(data.access_token) })).json().data;
    expect(profile).toMatchObject({
      firstname: 'Lea',
      lastname: 'Lernt',
      email: 'lea.lernt@school.example',
      language: 'de',
    });
    expect(profile.roles.map((r: { name: string }) => r.name)).toEqual(['learner']);
    const game = await t.app.inject({ url: `/api/games/${demoTrail}`, headers: bearer(data.access_token) });
    expect(game.statusCode).toBe(200);
    expect(await userCount()).toBe(before + 1);
    // the code is spent
    expect((await exchange(codeOf(res.headers.location as string))).statusCode).toBe(401);
    // the same sub later is the same account
    const second = await launch(lena);
    expect(second.res.statusCode).toBe(303);
    expect(await userCount()).toBe(before + 1);
  });

  it('makes an Instructor a coach', async () => {
    const { res } = await launch(tom);
    expect(res.statusCode).toBe(303);
    const { data } = (await exchange(codeOf(res.headers.location as string))).json();
    expect(data.target).toBe(`/lti/course/${demoTrail}`);
    const profile = (await t.app.inject({ url: '/api/user/profile', headers: bearer(data.access_token) })).json().data;
    expect(profile.roles.map((r: { name: string }) => r.name)).toEqual(['coach']);
    expect(profile).toMatchObject({ firstname: 'Tom', lastname: 'Teach' });
  });
});

describe('refusals: a clear page, a 4xx, no account, a log line without the token', () => {
  const newcomer = (sub: string): PlatformUser => ({ sub, name: 'New Comer', roles: [ROLE.learner] });

  async function expectRefused(
    r: { res: Awaited<ReturnType<typeof postLaunch>>; idToken: string },
    status: number,
    text: string,
    sub: string,
  ) {
    expect(r.res.statusCode).toBe(status);
    expect(r.res.headers['content-type']).toContain('text/html');
    expect(r.res.body).toContain(text);
    expect(r.res.body).not.toContain(r.idToken);
    const linked = await t.app.db.select().from(ltiUsers).where(eq(ltiUsers.sub, sub));
    expect(linked).toEqual([]);
    const line = JSON.stringify(warnings.at(-1));
    expect(line).toContain('lti request refused');
    expect(line).not.toContain(r.idToken);
  }

  it('refuses a replayed nonce (the same launch posted twice)', async () => {
    const first = await launch(newcomer('replay-1'));
    expect(first.res.statusCode).toBe(303);
    const again = await postLaunch(first.idToken, first.state, first.cookie);
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain('This launch was already used.');
  });

  it('refuses a wrong audience', async () => {
    const r = await launch(newcomer('aud-1'), 'link-1', { sign: { aud: 'another-tool' } });
    await expectRefused(r, 401, 'The launch was meant for another tool.', 'aud-1');
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const r = await launch(newcomer('exp-1'), 'link-1', { claims: (c) => ({ ...c, iat: now - 600, exp: now - 300 }) });
    await expectRefused(r, 401, 'The launch has expired.', 'exp-1');
  });

  it('refuses an unregistered deployment', async () => {
    const r = await launch(newcomer('dep-1'), 'link-1', {
      claims: (c) => ({ ...c, [`${LTI}deployment_id`]: 'deployment-unknown' }),
    });
    await expectRefused(r, 403, 'This deployment of Cairn is not registered.', 'dep-1');
  });

  it('refuses a token signed by another key', async () => {
    const r = await launch(newcomer('key-1'), 'link-1', { sign: { withKey: await p.foreignKey() } });
    await expectRefused(r, 401, 'The launch is not signed by the LMS&#39;s keys.', 'key-1');
  });

  it('refuses a state from another browser', async () => {
    const other = await startLogin(newcomer('other-browser'), 'link-1');
    const r = await launch(newcomer('browser-1'), 'link-1', { cookie: other.cookie });
    await expectRefused(r, 403, 'This launch was started in another browser.', 'browser-1');
  });

  it('offers a new window when the browser sent no cookie (third-party cookies blocked)', async () => {
    const l = await startLogin(newcomer('blocked-1'), 'link-1');
    const idToken = await p.sign(p.launchClaims(newcomer('blocked-1'), 'link-1', l.nonce));
    const res = await postLaunch(idToken, l.state);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Open in a new window');
    expect(res.body).toContain('target="_blank"');
    expect(res.body).toContain(`${t.config.publicUrl}/lti/login?iss=`);
    // the launch can still be completed in the new window: its state was not spent
    expect((await postLaunch(idToken, l.state, l.cookie)).statusCode).toBe(303);
  });

  it("refuses a nonce of another login, and a wrong message type, and a link to another customer's trail", async () => {
    const wrongNonce = await launch(newcomer('nonce-1'), 'link-1', { claims: (c) => ({ ...c, nonce: 'forged' }) });
    await expectRefused(wrongNonce, 401, 'The launch does not match its sign-in request.', 'nonce-1');
    const wrongType = await launch(newcomer('type-1'), 'link-1', {
      claims: (c) => ({ ...c, [`${LTI}message_type`]: 'LtiSubmissionReviewRequest' }),
    });
    await expectRefused(wrongType, 400, 'This kind of launch is not supported.', 'type-1');
    const globex = await customerIdOf(t, 'Globex');
    const [g] = await t.app.db
      .insert(trails)
      .values({ customerId: globex, name: 'Globex only', type: 'exam' })
      .returning();
    const foreign = await launch(newcomer('trail-1'), 'link-1', {
      claims: (c) => ({ ...c, [`${LTI}custom`]: { cairn_trail: String(g.id) } }),
    });
    await expectRefused(foreign, 404, 'The linked trail does not exist in this organisation.', 'trail-1');
  });

  it('answers an unknown platform with a page, never a 500', async () => {
    const res = await t.app.inject({
      url: '/lti/login?iss=https://unknown.example&login_hint=a&target_link_uri=b',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('This LMS is not registered with Cairn.');
    const empty = await t.app.inject({ method: 'POST', url: '/lti/launch', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'lti_launch_invalid' });
  });
});

describe('registration input', () => {
  it('answers 422 with field errors, never a 500, for empty or overlong URLs and origins', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/lti/platforms',
      headers: bearer(admin),
      payload: {
        issuer: '',
        client_id: ' ',
        deployment_ids: [],
        auth_url: '',
        token_url: 'x'.repeat(2000),
        jwks_url: 'https://lms.example/jwks',
        frame_origin: '',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'auth_url',
      'deployment_ids',
      'frame_origin',
      'issuer',
      'token_url',
    ]);
    const path = await t.app.inject({
      method: 'POST',
      url: '/api/admin/lti/platforms',
      headers: bearer(admin),
      payload: registrationOf(p, { client_id: 'z', frame_origin: 'https://school.example/courses' }),
    });
    expect(path.statusCode).toBe(422);
    expect(Object.keys(path.json().errors)).toEqual(['frame_origin']);
  });
});
