import { DEMO_USERS } from '../../db/seed/demo-data';
import { signQuery } from '../../lib/file-urls';
import { multipart, png } from '../fixtures/media.fixtures';
import type { Actor, World } from './authz-world';

/**
 * THE authorization matrix: every route of the served OpenAPI document × the actors
 * [anonymous, learner, peer (another learner of the same customer), other (a user of another customer, and that
 * customer's admin), public (signed in through a public link), coach (not a customer admin), admin (the customer's
 * admin, a coach with is_admin)] × objects owned by each. The admin's outcome is optional: without it the admin gets
 * the coach's.
 *
 * `expect` lists one outcome per actor in that order: a status, or '2xx' where the success status depends on a
 * background job (results PDF: 202 until made, then 200). 404 means "as if missing" (other customers' objects),
 * 403 "seen but refused". A few cells are 409/422 where the route refuses for a state reason reached on
 * purpose (a reset token that does not exist, an unconfigured provider).
 *
 * A route in the OpenAPI document without a row here fails the matrix test; so does a row whose request does not
 * reach its route.
 */
export type Outcome = number | '2xx';
export type Expect = [
  anon: Outcome,
  learner: Outcome,
  peer: Outcome,
  other: Outcome,
  publicUser: Outcome,
  coach: Outcome,
  admin?: Outcome,
];

export interface Req {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** the actor's token for this cell (fresh users and sessions); default: the actor's signed-in token */
  token?: string;
}

export interface Row {
  /** `METHOD /path/{param}` as in the OpenAPI document */
  route: string;
  /** whose object the cell is about */
  object: string;
  req: (w: World, actor: Actor) => Req | Promise<Req>;
  expect: Expect;
}

// ── customer administration of teams and trails (docs/admin.md): fresh objects made by Acme's admin per cell ──
const ADMIN_PACKAGE = `format: cairn-trail/1
name: Matrix trail
type: survey
pebbles:
  - name: Q
    minerals: [ { type: sa_text, title: Q?, values: [ 'a', 'b' ] } ]
`;
const packageUpload = (): Req => {
  const mp = multipart([{ name: 'file', filename: 'matrix.yaml', content: Buffer.from(ADMIN_PACKAGE) }]);
  return { url: '/api/admin/trails', payload: mp.payload, headers: mp.headers };
};
async function asAdmin(w: World, method: 'POST' | 'DELETE', r: Req): Promise<{ id: number } & Record<string, unknown>> {
  const res = await w.t.app.inject({
    method,
    url: r.url,
    payload: r.payload as Buffer,
    headers: { ...r.headers, authorization: `Bearer ${w.tokens.admin}` },
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${r.url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
const adminDraft = async (w: World) => (await asAdmin(w, 'POST', packageUpload())).id;
async function adminPublished(w: World): Promise<number> {
  const id = await adminDraft(w);
  await asAdmin(w, 'POST', { url: `/api/admin/trails/${id}/publish` });
  return id;
}
const adminTeam = async (w: World) =>
  (await asAdmin(w, 'POST', { url: '/api/admin/teams', payload: { name: 'Matrix team', member_ids: [w.users.zed] } }))
    .id;

const ALL_OK: Expect = [200, 200, 200, 200, 200, 200];
const SIGNED_IN: Expect = [401, 200, 200, 200, 200, 200];
/** a member-only (non-public) own resource */
const MEMBERS: Expect = [401, 200, 200, 200, 403, 200];

const fresh = (kind: 'session' | 'user') => async (w: World, a: Actor) =>
  a === 'anon' ? undefined : kind === 'session' ? w.freshSession(a) : w.freshUser(a);

let image: Buffer | null = null;
const pngFile = async () => {
  image ??= await png(20, 20);
  return image;
};
async function attachment(discussionId: number, url: string): Promise<Req> {
  const mp = multipart([
    { name: 'discussion_id', value: String(discussionId) },
    { name: 'body', value: 'With a picture' },
    { name: 'file', filename: 'pic.png', content: await pngFile(), type: 'image/png' },
  ]);
  return { url, payload: mp.payload, headers: mp.headers };
}
async function upload(url: string, field: string, parentId?: number): Promise<Req> {
  const mp = multipart([
    ...(parentId ? [{ name: 'parent_id', value: String(parentId) }] : []),
    { name: field, filename: 'pic.png', content: await pngFile(), type: 'image/png' },
  ]);
  return { url, payload: mp.payload, headers: mp.headers };
}
/** a 24 px thumbnail: one of the sizes the image service makes (isServedImageSize) */
const img = (key: string) =>
  `/img/${Buffer.from(JSON.stringify({ bucket: 'files', key, edits: { resize: { width: 24, height: 24, fit: 'cover' } } })).toString('base64url')}`;

// ── customer administration of people (docs/admin.md): fresh invited Acme people made by Acme's admin per cell ──
let invitee = 0;
const freshEmail = () => `matrix-${Date.now().toString(36)}-${++invitee}@example.com`;
const inviteBody = () => ({ email: freshEmail(), firstname: 'Mat', lastname: 'Rix', language: 'en', role: 'learner' });
const adminInvitee = async (w: World) =>
  (await asAdmin(w, 'POST', { url: '/api/admin/users', payload: inviteBody() })).id;
const peopleCsv = (): Req => {
  const csv = `email,firstname,lastname,language,role,team\n${freshEmail()},Ada,Csv,en,learner,\n`;
  const mp = multipart([{ name: 'file', filename: 'people.csv', content: Buffer.from(csv), type: 'text/csv' }]);
  return { url: '/api/admin/users/import?dry_run=1', payload: mp.payload, headers: mp.headers };
};

export const MATRIX: Row[] = [
  // ── accounts: sign-in family (no token needed; a token changes nothing) ──
  {
    route: 'POST /api/login',
    object: "learner's credentials",
    req: () => ({
      url: '/api/login',
      payload: { username: DEMO_USERS.learner.email, password: DEMO_USERS.learner.password, accepted: true },
    }),
    expect: ALL_OK,
  },
  {
    route: 'POST /api/login',
    object: "learner's email, wrong password",
    req: () => ({ url: '/api/login', payload: { username: DEMO_USERS.learner.email, password: 'wrong-password' } }),
    expect: [422, 422, 422, 422, 422, 422],
  },
  {
    route: 'POST /api/refresh',
    object: "learner's refresh token",
    req: async (w) => ({ url: '/api/refresh', payload: { refresh_token: await w.freshRefresh() } }),
    expect: ALL_OK,
  },
  {
    route: 'POST /api/refresh',
    object: 'unknown refresh token',
    req: () => ({ url: '/api/refresh', payload: { refresh_token: 'crt_unknown' } }),
    expect: [401, 401, 401, 401, 401, 401],
  },
  {
    route: 'DELETE /api/logout',
    object: 'own session',
    req: async (w, a) => ({ url: '/api/logout', token: await fresh('session')(w, a) }),
    expect: SIGNED_IN,
  },
  {
    route: 'DELETE /api/destroy',
    object: "own sessions (a fresh user's)",
    req: async (w, a) => ({ url: '/api/destroy', token: await fresh('user')(w, a) }),
    expect: SIGNED_IN,
  },
  {
    route: 'DELETE /api/deleteAccount',
    object: 'own account (a fresh user)',
    req: async (w, a) => ({ url: '/api/deleteAccount', token: await fresh('user')(w, a) }),
    // a public user may delete their own (throwaway) account too
    expect: SIGNED_IN,
  },
  { route: 'GET /api/user/profile', object: 'own', req: () => ({ url: '/api/user/profile' }), expect: SIGNED_IN },
  {
    route: 'POST /api/user/profile',
    object: 'own',
    req: () => ({ url: '/api/user/profile', payload: { language: 'en' } }),
    // a public user chooses their language too
    expect: SIGNED_IN,
  },
  // the home / me counters are the actor's own: anyone signed in clears their own (docs/me-and-coach.md)
  { route: 'POST /api/me/seen/{screen}', object: 'own', req: () => ({ url: '/api/me/seen/home' }), expect: SIGNED_IN },
  {
    route: 'POST /api/me/seen/{screen}',
    object: 'unknown screen',
    req: () => ({ url: '/api/me/seen/elsewhere' }),
    expect: [401, 422, 422, 422, 422, 422],
  },
  {
    route: 'POST /api/public/login/{linkId}',
    object: "Acme's demo link",
    req: () => ({ url: '/api/public/login/demo' }),
    expect: ALL_OK,
  },
  {
    route: 'POST /api/public/login/{linkId}',
    object: 'unknown link',
    req: () => ({ url: '/api/public/login/no-such-link' }),
    expect: [404, 404, 404, 404, 404, 404],
  },
  { route: 'GET /api/auth/providers', object: '–', req: () => ({ url: '/api/auth/providers' }), expect: ALL_OK },
  {
    route: 'POST /api/auth/{provider}',
    object: 'google2 (not configured)',
    req: () => ({ url: '/api/auth/google2', payload: { access_token: 'x.y.z' } }),
    expect: [404, 404, 404, 404, 404, 404],
  },
  {
    route: 'POST /api/password/forgot',
    object: "learner's address",
    req: () => ({
      url: '/api/password/forgot',
      payload: { username: DEMO_USERS.learner.email, url: 'http://localhost:3000/reset' },
    }),
    expect: ALL_OK,
  },
  {
    route: 'POST /api/password/reset',
    object: "learner's account, a token never issued",
    req: () => ({
      url: '/api/password/reset',
      payload: { username: DEMO_USERS.learner.email, token: 'rst_forged', password: 'hijacked123' },
    }),
    expect: [422, 422, 422, 422, 422, 422],
  },

  // ── reference ──
  {
    route: 'GET /api/languages/supported',
    object: '–',
    req: () => ({ url: '/api/languages/supported' }),
    expect: ALL_OK,
  },
  { route: 'GET /api/countries/all', object: '–', req: () => ({ url: '/api/countries/all' }), expect: ALL_OK },
  { route: 'GET /api/client-config', object: '–', req: () => ({ url: '/api/client-config' }), expect: ALL_OK },
  // ── branding: the brand page is for customer admins (is_admin: the admin here; other is Globex's admin), on their
  // own customer only; a coach who is no admin is refused ──
  {
    route: 'GET /api/customer/theme',
    object: "own customer's",
    req: () => ({ url: '/api/customer/theme' }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'PUT /api/customer/theme',
    object: "own customer's",
    req: () => ({
      url: '/api/customer/theme',
      payload: {
        color0: { r: 255, g: 114, b: 51 },
        color2: { r: 38, g: 50, b: 56 },
        backgroundLandscape: null,
        backgroundPortrait: null,
      },
    }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  { route: 'GET /manifest.webmanifest', object: '–', req: () => ({ url: '/manifest.webmanifest' }), expect: ALL_OK },
  { route: 'GET /api/themes', object: "own customer's", req: () => ({ url: '/api/themes' }), expect: SIGNED_IN },
  { route: 'GET /api/user/fields', object: 'own', req: () => ({ url: '/api/user/fields' }), expect: SIGNED_IN },
  {
    route: 'GET /api/user/allFields',
    object: "own customer's",
    req: () => ({ url: '/api/user/allFields' }),
    expect: SIGNED_IN,
  },
  {
    route: 'POST /api/user/fields',
    object: 'own',
    req: () => ({ url: '/api/user/fields', payload: { fields: {} } }),
    expect: SIGNED_IN,
  },

  // ── notifications ──
  {
    route: 'GET /api/notifications/{id}',
    object: "learner's",
    req: (w) => ({ url: `/api/notifications/${w.notifications.learner}` }),
    expect: [401, 200, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/notifications/{id}',
    object: "other's (Globex)",
    req: (w) => ({ url: `/api/notifications/${w.notifications.other}` }),
    expect: [401, 404, 404, 200, 404, 404],
  },
  {
    route: 'GET /api/notifications/{id}',
    object: "coach's",
    req: (w) => ({ url: `/api/notifications/${w.notifications.coach}` }),
    expect: [401, 404, 404, 404, 404, 200, 404],
  },
  {
    route: 'GET /api/notificationsAll/{page}',
    object: 'own',
    req: () => ({ url: '/api/notificationsAll/1' }),
    expect: SIGNED_IN,
  },

  // ── results, resets, rewards, certificates ──
  {
    route: 'GET /api/results/users/{user_id}/{trail_id}',
    object: "learner's on the demo exam",
    req: (w) => ({ url: `/api/results/users/${w.users.learner}/${w.trails.exam}` }),
    expect: [401, 200, 403, 404, 403, 200],
  },
  {
    route: 'GET /api/results/users/{user_id}/{trail_id}',
    object: "other's on a Globex trail",
    req: (w) => ({ url: `/api/results/users/${w.users.other}/${w.trails.globex}` }),
    expect: [401, 404, 404, 200, 404, 404],
  },
  {
    route: 'GET /api/results/users/{user_id}/{trail_id}',
    object: "the public user's on the demo exam (their link's trail)",
    req: (w) => ({ url: `/api/results/users/${w.users.public}/${w.trails.exam}` }),
    expect: [401, 403, 403, 404, 200, 200],
  },
  {
    route: 'GET /api/results/users/{user_id}/{trail_id}',
    object: "coach's on the demo exam",
    req: (w) => ({ url: `/api/results/users/${w.users.coach}/${w.trails.exam}` }),
    expect: [401, 403, 403, 404, 403, 200],
  },
  {
    route: 'GET /api/results/{trail}/pdf/{user}',
    object: "learner's on the demo exam",
    req: (w) => ({ url: `/api/results/${w.trails.exam}/pdf/${w.users.learner}` }),
    expect: [401, '2xx', 403, 404, 403, '2xx'],
  },
  {
    route: 'GET /api/results/{trail}/pdf/{user}',
    object: "other's on a Globex trail",
    req: (w) => ({ url: `/api/results/${w.trails.globex}/pdf/${w.users.other}` }),
    expect: [401, 404, 404, '2xx', 404, 404],
  },
  {
    route: 'POST /api/users/{id}/reset/trail',
    object: "learner's answers on an Acme survey",
    req: async (w) => {
      await w.answerFirst('learner', w.trails.common);
      return { url: `/api/users/${w.users.learner}/reset/trail`, payload: { trails_ids: [w.trails.common] } };
    },
    expect: [401, 200, 403, 404, 403, 200],
  },
  {
    route: 'POST /api/users/{id}/reset/trail',
    object: "coach's answers on an Acme survey",
    req: async (w) => {
      await w.answerFirst('coach', w.trails.common);
      return { url: `/api/users/${w.users.coach}/reset/trail`, payload: { trails_ids: [w.trails.common] } };
    },
    expect: [401, 403, 403, 404, 403, 200],
  },
  {
    route: 'POST /api/users/{id}/reset/trail',
    object: "other's answers on a Globex trail",
    req: async (w) => {
      await w.answerFirst('other', w.trails.globex);
      return { url: `/api/users/${w.users.other}/reset/trail`, payload: { trails_ids: [w.trails.globex] } };
    },
    expect: [401, 404, 404, 200, 404, 404],
  },
  // ── dashboards: leaderboards of the actor's own customer; public users have none ──
  {
    route: 'GET /api/me/dashboard',
    object: 'own totals and cards',
    req: () => ({ url: '/api/me/dashboard' }),
    expect: MEMBERS,
  },
  {
    route: 'GET /api/dashboard',
    object: "own customer's board",
    req: () => ({ url: '/api/dashboard' }),
    expect: MEMBERS,
  },
  {
    route: 'GET /api/dashboard/{kind}/{metric}/{order}',
    object: "own customer's board",
    req: () => ({ url: '/api/dashboard/user/crowns/most?page=1&limit=10' }),
    expect: MEMBERS,
  },
  {
    route: 'GET /api/dashboard/{kind}/{metric}/{order}',
    object: "an Acme trail's board",
    req: (w) => ({ url: `/api/dashboard/user/points/most?trail_id=${w.trails.common}` }),
    expect: [401, 200, 200, 404, 403, 200],
  },
  // ── the coach view: coaches only (403 for everyone else), their own customer's learners (404 otherwise) ──
  {
    route: 'GET /api/results/users/coach',
    object: "the coach's customer's learners",
    req: () => ({ url: '/api/results/users/coach?search=le' }),
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    route: 'GET /api/results/users/trails/coach/{id}',
    object: "learner's trails",
    req: (w) => ({ url: `/api/results/users/trails/coach/${w.users.learner}` }),
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    route: 'GET /api/results/users/trails/coach/{id}',
    object: "other's trails (Globex)",
    req: (w) => ({ url: `/api/results/users/trails/coach/${w.users.other}` }),
    expect: [401, 403, 403, 403, 403, 404],
  },
  {
    route: 'POST /api/users/{id}',
    object: "learner's profile",
    req: (w) => ({ url: `/api/users/${w.users.learner}`, payload: { mobile: '+44 20 7946 0000' } }),
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    route: 'POST /api/users/{id}',
    object: "coach's own profile (not below the coach's role level: only learners' profiles)",
    req: (w) => ({ url: `/api/users/${w.users.coach}`, payload: { mobile: '+44 20 7946 0000' } }),
    expect: [401, 403, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/users/{id}',
    object: "other's profile (Globex)",
    req: (w) => ({ url: `/api/users/${w.users.other}`, payload: { mobile: '+44 20 7946 0000' } }),
    expect: [401, 403, 403, 403, 403, 404],
  },
  { route: 'GET /api/rewards/user', object: 'own', req: () => ({ url: '/api/rewards/user' }), expect: SIGNED_IN },
  {
    route: 'GET /api/rewards/user/{ids}',
    object: 'ids of anyone (others’ are left out)',
    req: () => ({ url: '/api/rewards/user/1,2,3' }),
    expect: SIGNED_IN,
  },
  {
    route: 'GET /api/rewards/test',
    object: 'own trails',
    req: () => ({ url: '/api/rewards/test' }),
    expect: SIGNED_IN,
  },
  {
    route: 'GET /api/certificates/user/{ids}',
    object: "learner's",
    req: (w) => ({ url: `/api/certificates/user/${w.certificates.learner}` }),
    expect: [401, 200, 403, 404, 403, 200],
  },
  {
    route: 'GET /api/certificates/user/{ids}',
    object: "other's (Globex)",
    req: (w) => ({ url: `/api/certificates/user/${w.certificates.other}` }),
    expect: [401, 404, 404, 200, 404, 404],
  },

  // ── trails and the player ──
  { route: 'GET /api/games', object: 'own', req: () => ({ url: '/api/games' }), expect: SIGNED_IN },
  { route: 'GET /api/me/surveys', object: 'own', req: () => ({ url: '/api/me/surveys' }), expect: SIGNED_IN },
  { route: 'GET /api/me/exams', object: 'own', req: () => ({ url: '/api/me/exams' }), expect: SIGNED_IN },
  { route: 'GET /api/me/reset', object: 'own', req: () => ({ url: '/api/me/reset' }), expect: SIGNED_IN },
  {
    route: 'GET /api/games/{id}',
    object: 'demo exam (Acme trio, the public link)',
    req: (w) => ({ url: `/api/games/${w.trails.exam}` }),
    expect: [401, 200, 200, 404, 200, 200, 404],
  },
  {
    route: 'GET /api/games/{id}',
    object: "learner's alone",
    req: (w) => ({ url: `/api/games/${w.trails.learnerOnly}` }),
    expect: [401, 200, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/games/{id}',
    object: "Globex's",
    req: (w) => ({ url: `/api/games/${w.trails.globex}` }),
    expect: [401, 404, 404, 200, 404, 404],
  },
  {
    route: 'DELETE /api/games/reset/{id}',
    object: 'Acme trio survey, answered by each of them',
    req: (w) => ({ url: `/api/games/reset/${w.trails.resettable}` }),
    expect: [401, 200, 200, 404, 404, 200, 404],
  },
  {
    route: 'DELETE /api/games/reset/{id}',
    object: "Globex's, answered by other",
    req: async (w) => {
      await w.answerFirst('other', w.trails.globex);
      return { url: `/api/games/reset/${w.trails.globex}` };
    },
    expect: [401, 404, 404, 200, 404, 404],
  },
  {
    route: 'GET /api/pebbles/{id}',
    object: 'demo exam',
    req: (w) => ({ url: `/api/pebbles/${w.trails.exam}` }),
    expect: [401, 200, 200, 404, 200, 200, 404],
  },
  {
    route: 'GET /api/pebbles/{id}',
    object: "learner's alone",
    req: (w) => ({ url: `/api/pebbles/${w.trails.learnerOnly}` }),
    expect: [401, 200, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/pebbles/{id}',
    object: "Globex's",
    req: (w) => ({ url: `/api/pebbles/${w.trails.globex}` }),
    expect: [401, 404, 404, 200, 404, 404],
  },
  {
    route: 'GET /api/offline/trails/{id}',
    object: 'demo exam',
    req: (w) => ({ url: `/api/offline/trails/${w.trails.exam}` }),
    expect: [401, 200, 200, 404, 200, 200, 404],
  },
  {
    route: 'GET /api/offline/trails/{id}',
    object: "learner's alone",
    req: (w) => ({ url: `/api/offline/trails/${w.trails.learnerOnly}` }),
    expect: [401, 200, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/offline/trails/{id}',
    object: "Globex's",
    req: (w) => ({ url: `/api/offline/trails/${w.trails.globex}` }),
    expect: [401, 404, 404, 200, 404, 404],
  },
  {
    route: 'POST /api/pebbles/{id}',
    object: 'a pebble of the Acme trio survey',
    req: (w) => ({
      url: `/api/pebbles/${w.pebbles.common}`,
      payload: { answers: [{ id: w.pebbles.commonMineral, value: 'matrix' }] },
    }),
    expect: [401, 200, 200, 404, 404, 200, 404],
  },
  {
    route: 'POST /api/pebbles/{id}',
    object: "a pebble of Globex's trail",
    req: (w) => ({
      url: `/api/pebbles/${w.pebbles.globex}`,
      payload: { answers: [{ id: w.pebbles.globexMineral, value: 'matrix' }] },
    }),
    expect: [401, 404, 404, 200, 404, 404],
  },
  {
    route: 'GET /api/polls/{id}',
    object: "the demo survey's shared question",
    req: (w) => ({ url: `/api/polls/${w.poll}` }),
    expect: [401, 200, 200, 404, 404, 200, 404],
  },
  {
    route: 'GET /api/assessments/{id}',
    object: 'demo assessment',
    req: (w) => ({ url: `/api/assessments/${w.trails.assessment}` }),
    expect: [401, 200, 200, 404, 404, 200, 404],
  },

  // ── ratings (RBO): the peer's answer, the learner asked to rate it ──
  {
    route: 'GET /api/rbos/{pebble_id}/{player_id}',
    object: "peer's answer",
    req: (w) => ({ url: `/api/rbos/${w.pebbles.rated}/${w.users.peer}` }),
    expect: [401, 200, 403, 404, 403, 200],
  },
  {
    route: 'POST /api/rbos/{pebble_id}/{player_id}',
    object: "peer's answer",
    req: (w) => ({ url: `/api/rbos/${w.pebbles.rated}/${w.users.peer}`, payload: { rating: 4, comment: 'good' } }),
    expect: [401, 200, 403, 404, 403, 200],
  },
  { route: 'GET /api/me/rboratings', object: 'own', req: () => ({ url: '/api/me/rboratings' }), expect: SIGNED_IN },

  // ── battles ──
  {
    route: 'GET /api/game/contenders/{id}',
    object: 'Acme battle trail',
    req: (w) => ({ url: `/api/game/contenders/${w.trails.battle}` }),
    expect: [401, 200, 200, 404, 403, 200, 404],
  },
  {
    route: 'GET /api/game/contenders/{id}',
    object: 'Globex battle trail',
    req: (w) => ({ url: `/api/game/contenders/${w.trails.globexBattle}` }),
    expect: [401, 404, 404, 200, 403, 404],
  },
  {
    route: 'POST /api/game/challenge/{id}',
    object: 'Acme battle trail, challenging zed (Acme)',
    req: (w) => ({ url: `/api/game/challenge/${w.trails.battle}`, payload: { user_id: w.users.zed } }),
    expect: [401, 201, 201, 404, 403, 201, 404],
  },
  {
    route: 'POST /api/game/challenge/{id}',
    object: 'Acme battle trail, challenging the public user',
    req: (w) => ({ url: `/api/game/challenge/${w.trails.battle}`, payload: { user_id: w.users.public } }),
    expect: [401, 404, 404, 404, 403, 404],
  },
  {
    route: 'POST /api/game/challenge/{id}',
    object: 'Globex battle trail, challenging gina (Globex)',
    req: (w) => ({ url: `/api/game/challenge/${w.trails.globexBattle}`, payload: { user_id: w.users.gina } }),
    expect: [401, 404, 404, 201, 403, 404],
  },
  {
    route: 'POST /api/battle/{id}/accept',
    object: 'a fresh challenge of peer → learner',
    req: async (w) => ({ url: `/api/battle/${await w.freshBattle()}/accept` }),
    // the challenger sees the battle but may not answer for the contender (403); to anyone else it does not exist
    expect: [401, 200, 403, 404, 403, 404],
  },
  {
    route: 'POST /api/battle/{id}/decline',
    object: 'a fresh challenge of peer → learner',
    req: async (w) => ({ url: `/api/battle/${await w.freshBattle()}/decline` }),
    expect: [401, 200, 403, 404, 403, 404],
  },
  {
    route: 'GET /api/battle/{id}',
    object: 'peer → learner battle',
    req: (w) => ({ url: `/api/battle/${w.battle}` }),
    // a battle is its two players' only: the coach, not a party, gets 404 like another customer
    expect: [401, 200, 200, 404, 403, 404],
  },
  { route: 'GET /api/me/battles', object: 'own', req: () => ({ url: '/api/me/battles' }), expect: MEMBERS },

  // ── media and vaults ──
  {
    route: 'POST /media',
    object: 'own upload',
    req: () => upload('/media', 'file'),
    // a public user uploads only what their link's trail asks for, and the demo exam asks for no upload
    expect: MEMBERS,
  },
  {
    route: 'GET /api/media/{id}',
    object: "learner's private file",
    req: (w) => ({ url: `/api/media/${w.media.learner}` }),
    expect: [401, 200, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/media/{id}',
    object: "other's private file (Globex)",
    req: (w) => ({ url: `/api/media/${w.media.other}` }),
    expect: [401, 404, 404, 200, 404, 404],
  },
  {
    route: 'GET /api/media/{id}',
    object: "the public user's answer upload",
    req: (w) => ({ url: `/api/media/${w.media.publicAnswer}` }),
    expect: [401, 404, 404, 404, 200, 404],
  },
  {
    route: 'GET /api/media/{id}',
    object: "Acme's shared vault file",
    req: (w) => ({ url: `/api/media/${w.media.shared}` }),
    // members of the customer read it; a public user (anyone holding the link) does not
    expect: [401, 200, 200, 404, 404, 200],
  },
  {
    route: 'DELETE /api/media/{id}',
    object: "a fresh private file of the learner's",
    req: async (w) => ({ url: `/api/media/${await w.freshUpload('learner')}` }),
    expect: [401, 200, 404, 404, 404, 404],
  },
  {
    route: 'DELETE /api/media/{id}',
    object: 'a fresh file of Acme’s shared vault',
    req: async (w) => ({ url: `/api/media/${await w.freshUpload('shared')}` }),
    expect: [401, 403, 403, 404, 404, 200],
  },
  {
    route: 'GET /api/media/{id}/download',
    object: "learner's private file",
    req: (w) => ({ url: `/api/media/${w.media.learner}/download` }),
    expect: [401, 200, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/media/{id}/download',
    object: "other's private file (Globex)",
    req: (w) => ({ url: `/api/media/${w.media.other}/download` }),
    expect: [401, 404, 404, 200, 404, 404],
  },
  {
    route: 'GET /api/media/download',
    object: "learner's private file",
    req: (w) => ({ url: `/api/media/download?ids=${w.media.learner}` }),
    expect: [401, 200, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/media/download',
    object: "learner's and Acme's shared file",
    req: (w) => ({ url: `/api/media/download?ids=${w.media.shared},${w.media.learner}` }),
    expect: [401, 200, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/vaults',
    object: 'own root and the shared ones',
    req: () => ({ url: '/api/vaults' }),
    expect: SIGNED_IN,
  },
  {
    route: 'GET /api/vaults/{id}',
    object: "learner's root",
    req: (w) => ({ url: `/api/vaults/${w.vaults.learnerRoot}` }),
    expect: [401, 200, 404, 404, 404, 404],
  },
  {
    route: 'GET /api/vaults/{id}',
    object: "Acme's shared vault",
    req: (w) => ({ url: `/api/vaults/${w.vaults.shared}` }),
    expect: [401, 200, 200, 404, 404, 200],
  },
  {
    route: 'GET /api/vaults/{id}',
    object: "Globex's shared vault",
    req: (w) => ({ url: `/api/vaults/${w.vaults.globexShared}` }),
    expect: [401, 404, 404, 200, 404, 404],
  },
  // a public user has no vault to write to: 403 before the folder is looked up
  {
    route: 'POST /api/vaults',
    object: "a folder in the learner's root (JSON)",
    req: (w) => ({ url: '/api/vaults', payload: { name: 'Matrix folder', parent_id: w.vaults.learnerRoot } }),
    expect: [401, 200, 404, 404, 403, 404],
  },
  {
    route: 'POST /api/vaults',
    object: "a folder in Acme's shared vault (JSON)",
    req: (w) => ({ url: '/api/vaults', payload: { name: 'Matrix folder', parent_id: w.vaults.shared } }),
    expect: [401, 403, 403, 404, 403, 200],
  },
  {
    route: 'POST /api/vaults',
    object: "an upload into other's root (multipart)",
    req: (w) => upload('/api/vaults', 'files[]', w.vaults.otherRoot),
    expect: [401, 404, 404, 200, 403, 404],
  },
  {
    route: 'POST /api/vaults/attach',
    object: "learner's image as the learner's avatar",
    req: (w) => ({
      url: '/api/vaults/attach',
      payload: { vault_ids: [w.media.learner], relation: 'avatar', model: 'user', model_id: w.users.learner },
    }),
    expect: [401, 200, 403, 403, 403, 403],
  },
  // private files (docs/security.md): a user's upload needs the signature the API hands to those who may read it;
  // a chosen avatar is shared
  {
    route: 'GET /img/{request}',
    object: "another customer's upload, unsigned",
    req: (w) => ({ url: img(w.media.otherKey) }),
    expect: [403, 403, 403, 403, 403, 403],
  },
  {
    route: 'GET /img/{request}',
    object: "another customer's upload, signed (as the API hands it to its owner)",
    req: (w) => ({ url: `${img(w.media.otherKey)}?${signQuery(w.media.otherKey)}` }),
    expect: ALL_OK,
  },
  {
    route: 'GET /img/{request}',
    object: "another customer's upload, signature expired",
    req: (w) => ({ url: `${img(w.media.otherKey)}?${signQuery(w.media.otherKey, Date.now() - 86_400_000)}` }),
    expect: [403, 403, 403, 403, 403, 403],
  },

  // ── chat ──
  { route: 'GET /api/chats', object: 'own', req: () => ({ url: '/api/chats' }), expect: MEMBERS },
  ...(
    ['GET /api/chats/{room}', 'GET /api/chats/{id}/{page}', 'GET /api/chats/search/discussions/{room}/{query}'] as const
  ).flatMap((route): Row[] => {
    const url = (id: number) =>
      route === 'GET /api/chats/{room}'
        ? `/api/chats/${id}`
        : route === 'GET /api/chats/{id}/{page}'
          ? `/api/chats/${id}/1`
          : `/api/chats/search/discussions/${id}/Hello`;
    return [
      {
        route,
        object: 'learner–peer chat',
        req: (w) => ({ url: url(w.chats.pair) }),
        expect: [401, 200, 200, 404, 403, 404],
      },
      {
        route,
        object: 'learner–coach chat',
        req: (w) => ({ url: url(w.chats.learnerCoach) }),
        expect: [401, 200, 404, 404, 403, 200, 404],
      },
      {
        route,
        object: 'Acme team (learner, peer, coach)',
        req: (w) => ({ url: url(w.chats.team) }),
        expect: [401, 200, 200, 404, 403, 200, 404],
      },
      {
        route,
        object: "Acme's announcements",
        req: (w) => ({ url: url(w.chats.company) }),
        expect: [401, 200, 200, 404, 403, 200, 404],
      },
      {
        route,
        object: "other's chat (Globex)",
        req: (w) => ({ url: url(w.chats.globex) }),
        expect: [401, 404, 404, 200, 403, 404],
      },
    ];
  }),
  {
    route: 'GET /api/chatsSearch/search/{query}',
    object: 'own chats and contacts',
    req: () => ({ url: '/api/chatsSearch/search/Hello' }),
    expect: MEMBERS,
  },
  {
    route: 'POST /api/messages',
    object: 'learner–peer chat',
    req: (w) => ({ url: '/api/messages', payload: { discussion_id: w.chats.pair, body: 'matrix' } }),
    expect: [401, 200, 200, 404, 403, 404],
  },
  {
    route: 'POST /api/messages',
    object: "other's chat (Globex)",
    req: (w) => ({ url: '/api/messages', payload: { discussion_id: w.chats.globex, body: 'matrix' } }),
    expect: [401, 404, 404, 200, 403, 404],
  },
  {
    route: 'POST /api/messages',
    object: 'a new chat with gina (Globex)',
    req: (w) => ({ url: '/api/messages', payload: { user_id: w.users.gina, body: 'matrix' } }),
    expect: [401, 404, 404, 200, 403, 404],
  },
  {
    route: 'POST /api/messages',
    object: 'a new chat with the public user',
    req: (w) => ({ url: '/api/messages', payload: { user_id: w.users.public, body: 'matrix' } }),
    expect: [401, 404, 404, 404, 403, 404],
  },
  {
    route: 'GET /api/messages/{id}',
    object: 'a message of the learner–peer chat',
    req: (w) => ({ url: `/api/messages/${w.messages.pair}` }),
    expect: [401, 200, 200, 404, 403, 404],
  },
  {
    route: 'GET /api/messages/{id}',
    object: "a message of other's chat (Globex)",
    req: (w) => ({ url: `/api/messages/${w.messages.globex}` }),
    expect: [401, 404, 404, 200, 403, 404],
  },
  {
    route: 'POST /api/broadcasts',
    object: "Acme's announcements (the coach owns it)",
    req: (w) => ({ url: '/api/broadcasts', payload: { discussion_id: w.chats.company, body: 'matrix' } }),
    expect: [401, 403, 403, 404, 403, 200, 404],
  },
  {
    route: 'GET /api/broadcasts/{id}',
    object: "an announcement of Acme's",
    req: (w) => ({ url: `/api/broadcasts/${w.messages.broadcast}` }),
    expect: [401, 200, 200, 404, 403, 200, 404],
  },
  {
    route: 'POST /chats/messages',
    object: 'learner–peer chat, with a picture',
    req: (w) => attachment(w.chats.pair, '/chats/messages'),
    expect: [401, 200, 200, 404, 403, 404],
  },
  {
    route: 'POST /chats/messages',
    object: "other's chat (Globex), with a picture",
    req: (w) => attachment(w.chats.globex, '/chats/messages'),
    expect: [401, 404, 404, 200, 403, 404],
  },
  {
    route: 'POST /chats/broadcasts',
    object: "Acme's announcements, with a picture",
    req: (w) => attachment(w.chats.company, '/chats/broadcasts'),
    expect: [401, 403, 403, 404, 403, 200, 404],
  },
  // ── coach insight (docs/insight.md): the customer's coaches and admins; another customer's trail is a 404 ──
  {
    route: 'GET /api/coach/insight/{trail_id}',
    object: 'the demo exam (Acme)',
    req: (w) => ({ url: `/api/coach/insight/${w.trails.exam}` }),
    expect: [401, 403, 403, 404, 403, 200, 200],
  },
  {
    route: 'GET /api/coach/insight/{trail_id}',
    object: "other's trail (Globex)",
    req: (w) => ({ url: `/api/coach/insight/${w.trails.globex}` }),
    expect: [401, 403, 403, 200, 403, 404, 404],
  },
  {
    route: 'GET /api/coach/insight/{trail_id}/csv',
    object: 'the demo exam (Acme)',
    req: (w) => ({ url: `/api/coach/insight/${w.trails.exam}/csv` }),
    expect: [401, 403, 403, 404, 403, 200, 200],
  },
  {
    route: 'GET /api/coach/insight/{trail_id}/csv',
    object: "other's trail (Globex)",
    req: (w) => ({ url: `/api/coach/insight/${w.trails.globex}/csv` }),
    expect: [401, 403, 403, 200, 403, 404, 404],
  },
  // ── admin: teams and trails (docs/admin.md): Acme's admin only; Globex's admin (other) sees Acme's as missing ──
  {
    route: 'GET /api/admin/teams',
    object: "the actor's customer's teams",
    req: () => ({ url: '/api/admin/teams' }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/teams',
    object: "a team of the actor's customer",
    req: () => ({ url: '/api/admin/teams', payload: { name: 'New team' } }),
    expect: [401, 403, 403, 201, 403, 403, 201],
  },
  {
    route: 'PATCH /api/admin/teams/{id}',
    object: "Acme's demo team, renamed to its name",
    req: (w) => ({ url: `/api/admin/teams/${w.chats.team}`, payload: { name: 'Team Summit' } }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'DELETE /api/admin/teams/{id}',
    object: 'a fresh Acme team',
    req: async (w) => ({ url: `/api/admin/teams/${await adminTeam(w)}` }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/teams/{id}/members',
    object: "a fresh Acme team, adding Acme's learner",
    req: async (w) => ({
      url: `/api/admin/teams/${await adminTeam(w)}/members`,
      payload: { user_ids: [w.users.learner] },
    }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'DELETE /api/admin/teams/{id}/members/{userId}',
    object: 'a fresh Acme team, removing zed',
    req: async (w) => ({ url: `/api/admin/teams/${await adminTeam(w)}/members/${w.users.zed}` }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'GET /api/admin/trails',
    object: "the actor's customer's trails",
    req: () => ({ url: '/api/admin/trails' }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/trails',
    object: "a package for the actor's customer",
    req: () => packageUpload(),
    expect: [401, 403, 403, 201, 403, 403, 201],
  },
  {
    route: 'GET /api/admin/trails/{id}',
    object: 'the demo exam (Acme)',
    req: (w) => ({ url: `/api/admin/trails/${w.trails.exam}` }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'GET /api/admin/trails/{id}/export',
    object: 'the demo exam (Acme)',
    req: (w) => ({ url: `/api/admin/trails/${w.trails.exam}/export` }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/trails/{id}/preview',
    object: 'a fresh Acme draft',
    req: async (w) => ({ url: `/api/admin/trails/${await adminDraft(w)}/preview` }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/trails/{id}/publish',
    object: 'a fresh Acme draft',
    req: async (w) => ({ url: `/api/admin/trails/${await adminDraft(w)}/publish` }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/trails/{id}/retire',
    object: 'a fresh published Acme trail',
    req: async (w) => ({ url: `/api/admin/trails/${await adminPublished(w)}/retire` }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/trails/{id}/assignments',
    object: 'a fresh published Acme trail, to zed',
    req: async (w) => ({
      url: `/api/admin/trails/${await adminPublished(w)}/assignments`,
      payload: { user_ids: [w.users.zed], due_on: '2030-01-31' },
    }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'DELETE /api/admin/trails/{id}/assignments',
    object: 'a fresh published Acme trail, from zed',
    req: async (w) => ({
      url: `/api/admin/trails/${await adminPublished(w)}/assignments`,
      payload: { user_ids: [w.users.zed] },
    }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/trails/{id}/links',
    object: 'a fresh published Acme trail',
    req: async (w) => ({ url: `/api/admin/trails/${await adminPublished(w)}/links` }),
    expect: [401, 403, 403, 404, 403, 403, 201],
  },
  {
    route: 'DELETE /api/admin/trails/{id}/links/{linkId}',
    object: 'a fresh public link of a fresh Acme trail',
    req: async (w) => {
      const id = await adminPublished(w);
      const link = await asAdmin(w, 'POST', { url: `/api/admin/trails/${id}/links` });
      return { url: `/api/admin/trails/${id}/links/${link.id}` };
    },
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  // ── LTI (docs/lti.md): registration is for the customer's admin (other = Globex's admin, who sees and registers
  // Globex's own); the tool's endpoints answer anyone the same (the platform's requests carry no Cairn token) ──
  {
    route: 'GET /api/admin/lti/platforms',
    object: "own customer's platforms",
    req: () => ({ url: '/api/admin/lti/platforms' }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/lti/platforms',
    object: "a new platform of the actor's customer",
    req: () => {
      const issuer = `https://lms-${Math.random().toString(36).slice(2)}.example`;
      return {
        url: '/api/admin/lti/platforms',
        payload: {
          issuer,
          client_id: 'matrix',
          deployment_ids: ['1'],
          auth_url: `${issuer}/auth`,
          token_url: `${issuer}/token`,
          jwks_url: `${issuer}/jwks`,
        },
      };
    },
    expect: [401, 403, 403, 201, 403, 403, 201],
  },
  {
    route: 'GET /lti/login',
    object: 'an unregistered issuer',
    req: () => ({ url: '/lti/login?iss=https://nobody.example&login_hint=1&target_link_uri=x' }),
    expect: [400, 400, 400, 400, 400, 400],
  },
  {
    route: 'POST /lti/login',
    object: 'no parameters',
    req: () => ({ url: '/lti/login', payload: {} }),
    expect: [400, 400, 400, 400, 400, 400],
  },
  {
    route: 'POST /lti/launch',
    object: 'a state never issued',
    req: () => ({ url: '/lti/launch', payload: { id_token: 'a.b.c', state: 'forged' } }),
    expect: [400, 400, 400, 400, 400, 400],
  },
  {
    route: 'POST /lti/deep-link',
    object: 'a forged picker context',
    req: () => ({ url: '/lti/deep-link', payload: { ctx: 'forged', trail_id: '1' } }),
    expect: [400, 400, 400, 400, 400, 400],
  },
  { route: 'GET /lti/jwks', object: "the tool's keys", req: () => ({ url: '/lti/jwks' }), expect: ALL_OK },
  {
    route: 'POST /api/lti/session',
    object: 'a code never issued',
    req: () => ({ url: '/api/lti/session', payload: { code: 'forged' } }),
    expect: [401, 401, 401, 401, 401, 401],
  },
  {
    route: 'POST /api/lti/roster/{trailId}',
    object: 'the demo exam (Acme), placed in no course',
    req: (w) => ({ url: `/api/lti/roster/${w.trails.exam}` }),
    expect: [401, 403, 403, 403, 403, 404, 404],
  },
  // ── admin: people, invitations, audit, SSO sign-up (docs/admin.md): Acme's admin on Acme's people; Globex's admin
  // (other) acts on their own customer where the route names none, and finds Acme's people missing ──
  {
    route: 'GET /api/admin/users',
    object: "the actor's customer's people",
    req: () => ({ url: '/api/admin/users' }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/users',
    object: "a fresh invitation into the actor's customer",
    req: () => ({ url: '/api/admin/users', payload: inviteBody() }),
    expect: [401, 403, 403, 201, 403, 403, 201],
  },
  {
    route: 'POST /api/admin/users/import',
    object: "a one-row CSV for the actor's customer (dry run)",
    req: () => peopleCsv(),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'PATCH /api/admin/users/{id}',
    object: 'a fresh invited Acme person, made a coach',
    req: async (w) => ({ url: `/api/admin/users/${await adminInvitee(w)}`, payload: { role: 'coach' } }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'DELETE /api/admin/users/{id}',
    object: 'a fresh invited Acme person',
    req: async (w) => ({ url: `/api/admin/users/${await adminInvitee(w)}` }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'POST /api/admin/users/{id}/invite',
    object: 'a fresh invited Acme person',
    req: async (w) => ({ url: `/api/admin/users/${await adminInvitee(w)}/invite` }),
    expect: [401, 403, 403, 404, 403, 403, 200],
  },
  {
    route: 'GET /api/admin/audit',
    object: "the actor's customer's audit log",
    req: () => ({ url: '/api/admin/audit' }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'GET /api/admin/sso',
    object: "the actor's customer's SSO sign-up domains",
    req: () => ({ url: '/api/admin/sso' }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'PUT /api/admin/sso',
    object: "the actor's customer's SSO sign-up domains (none: off)",
    req: () => ({ url: '/api/admin/sso', payload: { domains: [] } }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'GET /api/admin/privacy',
    object: "the actor's customer's privacy setting (coaches see anonymous answerers)",
    req: () => ({ url: '/api/admin/privacy' }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'PUT /api/admin/privacy',
    object: "the actor's customer's privacy setting (off, the default)",
    req: () => ({ url: '/api/admin/privacy', payload: { coaches_see_anonymous: false } }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'POST /api/invitations/{token}',
    object: 'an invitation never issued (a token is the only key; no actor changes that)',
    req: () => ({ url: '/api/invitations/inv_forged', payload: { password: 'secret-pass', accepted: true } }),
    expect: [422, 422, 422, 422, 422, 422, 422],
  },
  {
    route: 'GET /api/admin/customers',
    object: "the deployment's customers (operators only: no actor here is is_root)",
    req: () => ({ url: '/api/admin/customers' }),
    expect: [401, 403, 403, 403, 403, 403, 403],
  },
  {
    route: 'POST /api/admin/customers',
    object: 'a new customer (operators only)',
    req: () => ({ url: '/api/admin/customers', payload: { company: 'Matrix Ltd', admin_email: freshEmail() } }),
    expect: [401, 403, 403, 403, 403, 403, 403],
  },
  // ── xAPI (docs/xapi.md): the customer's LRS settings, for its admin (other = Globex's admin, on Globex's) ──
  {
    route: 'GET /api/admin/xapi',
    object: "the actor's customer's LRS settings",
    req: () => ({ url: '/api/admin/xapi' }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
  {
    route: 'PUT /api/admin/xapi',
    object: "the actor's customer's LRS settings (saved turned off)",
    req: () => ({
      url: '/api/admin/xapi',
      payload: { enabled: false, endpoint: 'https://lrs.example/xapi', auth: 'basic', username: 'matrix' },
    }),
    expect: [401, 403, 403, 200, 403, 403, 200],
  },
];
