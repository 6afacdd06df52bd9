import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { multipart, png } from '../fixtures/media.fixtures';
import { bearer, createTestApp, login, type TestApp } from '../harness';

/**
 * The 500s the fuzz run (fuzz.test.ts) found, kept as cases: each now answers 400/404/422 with the ErrorBody.
 * Ids past PostgreSQL's integer range used to reach a query ("out of range for type integer"), and a NUL character
 * ("invalid byte sequence for encoding UTF8: 0x00") too.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password)).access_token;
});
afterAll(() => t.close());

const BIG = 2_147_483_648;

const cases: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: unknown; status: number; field?: string }[] = [
  // ids one past int4 in paths
  { method: 'GET', url: `/api/games/${BIG}`, status: 422, field: 'id' },
  { method: 'DELETE', url: `/api/games/reset/${BIG}`, status: 422, field: 'id' },
  { method: 'GET', url: `/api/pebbles/${BIG}`, status: 422, field: 'id' },
  { method: 'GET', url: `/api/pebbles/1?pebble=${BIG}`, status: 422, field: 'pebble' },
  { method: 'POST', url: `/api/pebbles/${BIG}`, payload: { answers: [] }, status: 422, field: 'id' },
  { method: 'GET', url: `/api/polls/${BIG}`, status: 422, field: 'id' },
  { method: 'GET', url: `/api/assessments/${BIG}`, status: 422, field: 'id' },
  { method: 'GET', url: `/api/media/${BIG}`, status: 422, field: 'id' },
  { method: 'DELETE', url: `/api/media/${BIG}`, status: 422, field: 'id' },
  { method: 'GET', url: `/api/media/${BIG}/download`, status: 422, field: 'id' },
  { method: 'GET', url: '/api/media/download?ids=9999999999999999999999999999999999999999', status: 422, field: 'ids' },
  { method: 'GET', url: `/api/vaults/${BIG}`, status: 422, field: 'id' },
  // … and in bodies
  { method: 'POST', url: '/api/user/profile', payload: { nationality_id: BIG }, status: 422, field: 'nationality_id' },
  {
    method: 'POST',
    url: '/api/broadcasts',
    payload: { body: '!', discussion_id: BIG },
    status: 422,
    field: 'discussion_id',
  },
  { method: 'POST', url: '/api/messages', payload: { body: 'hi', user_id: BIG }, status: 422, field: 'user_id' },
  { method: 'POST', url: '/api/game/challenge/1', payload: { user_id: BIG }, status: 422, field: 'user_id' },
  { method: 'POST', url: '/api/pebbles/1', payload: { answers: [{ id: BIG }] }, status: 422, field: 'answers.0.id' },
  { method: 'POST', url: '/api/pebbles/1', payload: { answers: [], battle_id: BIG }, status: 422, field: 'battle_id' },
  { method: 'POST', url: '/api/vaults', payload: { name: 'x', parent_id: BIG }, status: 422, field: 'parent_id' },
  {
    method: 'POST',
    url: '/api/vaults/attach',
    payload: { vault_ids: [BIG], relation: 'avatar', model: 'user', model_id: 1 },
    status: 422,
    field: 'vault_ids.0',
  },
  {
    method: 'POST',
    url: '/api/users/1/reset/trail',
    payload: { trails_ids: [BIG] },
    status: 422,
    field: 'trails_ids.0',
  },
  // NUL characters, which PostgreSQL text cannot hold
  { method: 'POST', url: '/api/public/login/%00', status: 400 },
  { method: 'POST', url: '/api/messages', payload: { body: '\u0000', discussion_id: 1 }, status: 400 },
  { method: 'POST', url: '/api/user/profile', payload: { firstname: 'A\u0000B' }, status: 400 },
  { method: 'POST', url: '/api/user/fields', payload: { fields: { 'depart\u0000ment': 'x' } }, status: 400 },
  { method: 'GET', url: '/api/chatsSearch/search/ab%00cd', status: 400 },
  { method: 'POST', url: '/api/login', payload: { username: 'learner@example.com\u0000', password: 'x' }, status: 400 },
];

/** Names of Object.prototype's members as a provider name used to find a function instead of a provider (500). */
const providers = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('fuzz findings stay fixed', () => {
  for (const c of cases) {
    it(`${c.method} ${c.url} ${c.payload ? JSON.stringify(c.payload) : ''} → ${c.status}`, async () => {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        payload: c.payload as object,
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(c.status);
      const body = res.json();
      expect(body.code).toBe('validation_failed');
      if (c.field) expect(Object.keys(body.errors ?? {})).toContain(c.field);
      expect(res.body).not.toMatch(/out of range|invalid byte sequence|select |insert /i);
    });
  }

  for (const name of providers) {
    it(`POST /api/auth/${name} → 404 provider_disabled`, async () => {
      const res = await t.app.inject({ method: 'POST', url: `/api/auth/${name}`, payload: { access_token: ' ' } });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('provider_disabled');
    });
  }

  it('a NUL in a chat attachment message body (multipart, past the JSON guard) answers 422', async () => {
    const mp = multipart([
      { name: 'discussion_id', value: '1' },
      { name: 'body', value: 'a\u0000b' },
      { name: 'file', filename: 'x.png', content: await png(8, 8), type: 'image/png' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/chats/messages',
      payload: mp.payload,
      headers: { ...bearer(token), ...mp.headers },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toHaveProperty('body');
  });
});
