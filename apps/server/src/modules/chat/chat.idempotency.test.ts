import { randomUUID } from 'node:crypto';
import type { Discussion } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY_CHANNEL, DEMO_TEAM_NAME } from '../../db/seed/demo-chats';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

let t: TestApp;
const tokens: Record<string, string> = {};
let team: number;
let company: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['learner', 'rival', 'coach'] as const) {
    tokens[who] = (await login(t.app, DEMO_USERS[who].email, DEMO_USERS[who].password)).access_token;
  }
  const list: Discussion[] = (await t.app.inject({ url: '/api/chats', headers: bearer(tokens.coach) })).json().data;
  team = list.find((d) => d.name === DEMO_TEAM_NAME)!.id;
  company = list.find((d) => d.name === DEMO_COMPANY_CHANNEL)!.id;
});
afterAll(() => t.close());

const send = (who: string, payload: object, url = '/api/messages') =>
  t.app.inject({ method: 'POST', url, headers: bearer(tokens[who]), payload });
const stored = async (clientId: string) =>
  (await t.database.pool.query('select id from messages where client_id = $1', [clientId])).rows.map((r) => r.id);
const unread = async (who: 'rival', discussion: number) =>
  (
    await t.database.pool.query(
      'select unread from discussion_participants p join users u on u.id = p.user_id where u.email = $1 and discussion_id = $2',
      [DEMO_USERS[who].email, discussion],
    )
  ).rows[0].unread as number;

describe('chat sends with a client idempotency key (client_id)', () => {
  it('the same key sent 3 times concurrently stores one message, and every caller gets that message', async () => {
    const key = randomUUID();
    const before = await unread('rival', team);
    const answers = await Promise.all(
      [1, 2, 3].map(() => send('learner', { body: 'only once', discussion_id: team, client_id: key })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const messages = answers.map((a) => a.json().data);
    expect(new Set(messages.map((m) => m.id)).size).toBe(1);
    for (const m of messages) expect(m).toEqual(messages[0]);
    expect(messages[0]).toMatchObject({ body: 'only once', discussion_id: team });
    expect(await stored(key)).toEqual([messages[0].id]);
    // the others' unread counters went up once
    expect(await unread('rival', team)).toBe(before + 1);

    // a retry later answers the same message again
    const again = await send('learner', { body: 'only once', discussion_id: team, client_id: key });
    expect(again.json().data.id).toBe(messages[0].id);
    expect(await stored(key)).toHaveLength(1);
  });

  it('broadcasts too; a key is the sender’s own (another sender with it stores another message)', async () => {
    const key = randomUUID();
    const first = await send('coach', { body: 'News', discussion_id: company, client_id: key }, '/api/broadcasts');
    const repeat = await send('coach', { body: 'News', discussion_id: company, client_id: key }, '/api/broadcasts');
    expect(repeat.json().data.id).toBe(first.json().data.id);
    const rival = await send('rival', { body: 'Mine', discussion_id: team, client_id: key });
    expect(rival.statusCode).toBe(200);
    expect(rival.json().data.id).not.toBe(first.json().data.id);
    expect(await stored(key)).toHaveLength(2);
  });

  it('without a key every send is a message; a malformed key is refused with 422', async () => {
    const a = await send('learner', { body: 'twice', discussion_id: team });
    const b = await send('learner', { body: 'twice', discussion_id: team });
    expect(a.json().data.id).not.toBe(b.json().data.id);
    for (const bad of ['not-a-uuid', `${randomUUID()}x`, 'x'.repeat(100_000)]) {
      const res = await send('learner', { body: 'x', discussion_id: team, client_id: bad });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['client_id']);
    }
  });
});
