import type { Discussion } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEAM_NAME } from '../../db/seed/demo-chats';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

// GET /api/chats/search/discussions/{room}/{query}: search inside one open conversation (§2, §5, §7)
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['learner', 'rival', 'coach', 'other'] as const) {
    tokens[who] = (await login(t.app, DEMO_USERS[who].email, DEMO_USERS[who].password)).access_token;
    ids[who] = (await t.app.inject({ url: '/api/user/profile', headers: bearer(tokens[who]) })).json().data.id;
  }
});
afterAll(() => t.close());

const get = (who: string, url: string) => t.app.inject({ url, headers: bearer(tokens[who]) });
const post = (who: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/messages', headers: bearer(tokens[who]), payload });
const find = async (who: string, name: string) =>
  ((await get(who, '/api/chats')).json().data as Discussion[]).find((d) => d.name === name)!;
const search = (who: string, room: number, q: string) =>
  get(who, `/api/chats/search/discussions/${room}/${encodeURIComponent(q)}`);

describe('search inside a conversation', () => {
  it('answers the spec’s hits (id, discussion_id, discussion_name, sender_id, body) of that discussion only, newest first', async () => {
    const team = await find('learner', DEMO_TEAM_NAME);
    const first = (await post('learner', { body: 'Kiwi tart at the meetup', discussion_id: team.id })).json().data;
    const second = (await post('coach', { body: 'Bring the KIWI tart again', discussion_id: team.id })).json().data;
    // the same word in another of the learner's chats is not this room's
    await post('learner', { body: 'kiwi tart for Rico', user_id: ids.rival });
    const res = await search('rival', team.id, 'kiwi tart');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: second.id,
        discussion_id: team.id,
        discussion_name: DEMO_TEAM_NAME,
        sender_id: ids.coach,
        body: second.body,
      },
      {
        id: first.id,
        discussion_id: team.id,
        discussion_name: DEMO_TEAM_NAME,
        sender_id: ids.learner,
        body: first.body,
      },
    ]);
    // a LIKE wildcard is a literal character
    expect((await search('rival', team.id, 'ki_i')).json().data).toEqual([]);
  });

  it('finds a trail card (sendTrail) by the trail’s name', async () => {
    const body = 'Could we go through it?\n[Demo exam](/results/3?user=7)';
    const sent = (await post('learner', { body, user_id: ids.coach })).json().data;
    expect(sent.body).toBe(body);
    const hits = (await search('coach', sent.discussion_id, 'demo exam')).json().data;
    expect(hits.map((h: { id: number }) => h.id)).toContain(sent.id);
  });

  it('is bounded: under 2 characters and over 200 are 422 on query, before any pattern runs', async () => {
    const team = await find('learner', DEMO_TEAM_NAME);
    for (const q of ['k', ' k ', 'k'.repeat(201)]) {
      const res = await search('learner', team.id, q);
      expect(res.statusCode, q.slice(0, 10)).toBe(422);
      expect(JSON.stringify(res.json())).toContain('query');
    }
  });

  it('only in the actor’s own rooms: a colleague outside it and another customer get 404', async () => {
    const pair = (await post('learner', { body: 'just between us', user_id: ids.rival })).json().data;
    expect((await search('rival', pair.discussion_id, 'between')).json().data).toHaveLength(1);
    expect((await search('coach', pair.discussion_id, 'between')).statusCode).toBe(404);
    expect((await search('other', pair.discussion_id, 'between')).statusCode).toBe(404);
    expect((await get('learner', `/api/chats/search/discussions/${pair.discussion_id}/between`)).statusCode).toBe(200);
  });
});
