import { eq } from 'drizzle-orm';
import type { JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ltiScores, trailLifecycle, trails, users } from '../../db/schema';
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
} from '../../test/fixtures/lti-platform.fixtures';
import { customerIdOf, importTest, pkg, player } from '../../test/fixtures/trails.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';
import { sweepScores } from './lti.ags';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const AGS = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
let t: TestApp;
let p: LtiPlatform;
let trailId: number;
const tool = (): ToolUnderTest => ({ inject: (o) => t.app.inject(o as never) as never, publicUrl: t.config.publicUrl });
const teacher: PlatformUser = { sub: 'teacher-9', name: 'Tia Teacher', roles: [ROLE.instructor] };
const pupil = (n: number): PlatformUser => ({ sub: `pupil-${n}`, name: `Pupil ${n}`, roles: [ROLE.learner] });

beforeAll(async () => {
  t = await createTestApp();
  p = await startLtiPlatform({
    toolUrl: t.config.publicUrl,
    toolJwks: async () => (await t.app.inject({ url: '/lti/jwks' })).json() as { keys: JWK[] },
  });
  for (const u of [teacher, pupil(1), pupil(2), pupil(3)]) p.users.set(u.sub, u);
  const admin = (await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password)).access_token;
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/admin/lti/platforms',
    headers: bearer(admin),
    payload: registrationOf(p),
  });
  expect(reg.statusCode).toBe(201);
  trailId = await importTest(
    t,
    pkg({ type: 'survey', name: 'Graded survey' }, [
      '  - name: One',
      '    xp: 5',
      '    minerals:',
      '      - { type: text_input, title: T }',
      '  - name: Two',
      '    xp: 3',
      '    minerals:',
      '      - { type: text_input, title: T }',
    ]),
  );
  p.launches.set('graded', {
    [`${LTI}resource_link`]: { id: 'rl-graded' },
    [`${LTI}custom`]: { cairn_trail: String(trailId) },
    [AGS]: { scope: [SCORE_SCOPE], lineitem: p.lineitem('li-graded') },
  });
  p.launches.set('dl', { message_type: 'LtiDeepLinkingRequest' });
  // a draft and a retired trail of the customer: not offered to instructors
  const acme = await customerIdOf(t, 'Acme');
  const [draft, retired] = await t.app.db
    .insert(trails)
    .values([
      { customerId: acme, name: 'Draft survey', type: 'survey' },
      { customerId: acme, name: 'Retired survey', type: 'survey' },
    ])
    .returning();
  await t.app.db.insert(trailLifecycle).values([
    { trailId: draft.id, publishedAt: null },
    { trailId: retired.id, publishedAt: new Date(), retiredAt: new Date() },
  ]);
});
afterAll(async () => {
  await p?.close();
  await t?.close();
});

/** Launches a pupil through the graded link and plays the trail to its end through the player API. */
async function launchAndPlay(user: PlatformUser) {
  const { res } = await toolLaunch(tool(), p, user, 'graded');
  expect(res.statusCode).toBe(303);
  const code = new URL(String(res.headers.location), 'http://x').hash.replace('#code=', '');
  const session = await t.app.inject({ method: 'POST', url: '/api/lti/session', payload: { code } });
  const learner = player(t, session.json().data.access_token);
  for (let i = 0; i < 2; i++) {
    const pebble = await learner.pebble(trailId);
    await learner.ok(pebble.id, [{ id: pebble.minerals[0].id, value: `answer ${i}` }]);
  }
  expect((await learner.trail(trailId)).progress.status).toBe('completed');
}

describe('grade passback (AGS)', () => {
  it('posts the completed attempt once, with the trail points, through the job queue', async () => {
    await launchAndPlay(pupil(1));
    expect(p.scores).toEqual([]);
    await sweepScores(t.app);
    await t.app.jobs.drain();
    expect(p.scores).toHaveLength(1);
    expect(p.scores[0].lineitem).toBe(p.lineitem('li-graded'));
    expect(p.scores[0].body).toMatchObject({
      userId: 'pupil-1',
      scoreGiven: 8,
      scoreMaximum: 8,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
    });
    // later sweeps find nothing new: never the same score twice for one attempt
    expect(await sweepScores(t.app)).toEqual([]);
    await t.app.jobs.drain();
    expect(p.scores).toHaveLength(1);
  });

  it('retries with backoff while the platform is down, and posts once when it is back', async () => {
    const before = p.scores.length;
    const tokens = p.tokenRequests;
    p.failScores = 2;
    await launchAndPlay(pupil(2));
    const [id] = await sweepScores(t.app);
    await t.app.jobs.drain(20_000);
    expect(p.failScores).toBe(0);
    expect(p.scores).toHaveLength(before + 1);
    expect(p.scores.at(-1)?.body.userId).toBe('pupil-2');
    const [row] = await t.app.db.select().from(ltiScores).where(eq(ltiScores.id, id));
    expect(row).toMatchObject({ status: 'sent', tries: 3, lastError: null });
    // the client-credentials token is cached between posts
    expect(p.tokenRequests).toBe(tokens);
  }, 30_000);

  it('posts nothing for an instructor or an unfinished attempt', async () => {
    const { res } = await toolLaunch(tool(), p, pupil(3), 'graded');
    expect(res.statusCode).toBe(303);
    expect(await sweepScores(t.app)).toEqual([]);
  });
});

describe('deep linking', () => {
  it("gives an instructor the customer's trails and returns the pick as a signed LtiResourceLink with a line item", async () => {
    const { res, cookie } = await toolLaunch(tool(), p, teacher, 'dl');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Choose a trail for this course');
    expect(res.body).toContain('Graded survey');
    expect(res.body).toContain('Demo exam');
    expect(res.body).not.toContain('Draft survey');
    expect(res.body).not.toContain('Retired survey');
    const ctx = res.body.slice(res.body.indexOf('name="ctx" value="') + 18).split('"')[0];
    const picked = await postForm(tool(), '/lti/deep-link', { ctx, trail_id: String(trailId), graded: '1' }, cookie);
    expect(picked.statusCode).toBe(200);
    expect(String(picked.headers['content-security-policy'])).toContain(`form-action 'self' ${p.issuer}`);
    expect(picked.body).toContain(`action="${p.urls.deepLinkReturn}"`);
    const jwt = picked.body.slice(picked.body.indexOf('name="JWT" value="') + 18).split('"')[0];
    // the platform verifies it with the tool's published keys
    const back = await fetch(p.urls.deepLinkReturn, { method: 'POST', body: new URLSearchParams({ JWT: jwt }) });
    expect(back.status).toBe(200);
    const msg = p.deepLinks.at(-1)!;
    expect(msg[`${LTI}message_type`]).toBe('LtiDeepLinkingResponse');
    expect(msg[`${LTI}deployment_id`]).toBe(p.deploymentId);
    expect(msg['https://purl.imsglobal.org/spec/lti-dl/claim/data']).toBe('dl-opaque-data');
    expect(msg['https://purl.imsglobal.org/spec/lti-dl/claim/content_items']).toEqual([
      {
        type: 'ltiResourceLink',
        title: 'Graded survey',
        url: `${t.config.publicUrl}/lti/launch`,
        custom: { cairn_trail: String(trailId) },
        lineItem: { scoreMaximum: 8, label: 'Graded survey', resourceId: `trail-${trailId}` },
      },
    ]);
  });

  it('refuses a learner, and a pick posted from another browser', async () => {
    const learner = await toolLaunch(tool(), p, pupil(1), 'dl');
    expect(learner.res.statusCode).toBe(403);
    expect(learner.res.body).toContain('Only a teacher of the course can choose a trail.');
    const { res } = await toolLaunch(tool(), p, teacher, 'dl');
    const ctx = res.body.slice(res.body.indexOf('name="ctx" value="') + 18).split('"')[0];
    const stolen = await postForm(
      tool(),
      '/lti/deep-link',
      { ctx, trail_id: String(trailId) },
      'cairn_lti_browser=elsewhere',
    );
    expect(stolen.statusCode).toBe(403);
  });
});

describe('roster sync (NRPS)', () => {
  it("makes the course's members learners of the customer with the trail assigned, at the instructor's request", async () => {
    p.users.set('pupil-4', { sub: 'pupil-4', given_name: 'Pia', family_name: 'Four', roles: [ROLE.learner] });
    const { res } = await toolLaunch(tool(), p, teacher, 'graded');
    const code = new URL(String(res.headers.location), 'http://x').hash.replace('#code=', '');
    const coach = (await t.app.inject({ method: 'POST', url: '/api/lti/session', payload: { code } })).json().data;
    const sync = () =>
      t.app.inject({ method: 'POST', url: `/api/lti/roster/${trailId}`, headers: bearer(coach.access_token) });
    const first = await sync();
    expect(first.statusCode).toBe(200);
    // teacher, pupils 1–3 launched before; pupil 4 is new, and the only one not yet assigned
    expect(first.json().data).toEqual({ members: 5, created: 1, assigned: 1 });
    expect((await sync()).json().data).toEqual({ members: 5, created: 0, assigned: 0 });
    const [pia] = await t.app.db.select().from(users).where(eq(users.firstname, 'Pia'));
    expect(pia).toMatchObject({ lastname: 'Four', customerId: await customerIdOf(t, 'Acme') });

    const learner = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
    const refused = await t.app.inject({ method: 'POST', url: `/api/lti/roster/${trailId}`, headers: bearer(learner) });
    expect(refused.statusCode).toBe(403);
  });
});
