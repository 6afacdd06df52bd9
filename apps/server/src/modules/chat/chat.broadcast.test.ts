import type { Discussion, DiscussionPage } from '@cairn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY_CHANNEL } from '../../db/seed/demo-chats';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

// the demo's company broadcast (owner: the coach; members: learner, rival), made repliable, grown to 2,003 participants
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let company: number;
const EXTRA = 2000;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['learner', 'rival', 'coach'] as const) {
    tokens[who] = (await login(t.app, DEMO_USERS[who].email, DEMO_USERS[who].password)).access_token;
    ids[who] = (await t.app.inject({ url: '/api/user/profile', headers: bearer(tokens[who]) })).json().data.id;
  }
  const list: Discussion[] = (await t.app.inject({ url: '/api/chats', headers: bearer(tokens.coach) })).json().data;
  company = list.find((d) => d.name === DEMO_COMPANY_CHANNEL)!.id;
  await t.database.pool.query(
    `with u as (
       insert into users (customer_id, email, firstname, lastname)
       select (select customer_id from users where id = $1), 'crowd' || i || '@example.com', 'Crowd', 'Member ' || i
       from generate_series(1, $2::int) i returning id)
     insert into discussion_participants (discussion_id, user_id, last_read_message_id)
     select $3, id, 0 from u`,
    [ids.coach, EXTRA, company],
  );
  // members are shown a broadcast only when it is repliable (§6, chat.shown.test.ts)
  await t.database.pool.query('update discussions set repliable = true where id = $1', [company]);
});
afterAll(() => t.close());

const get = (who: string, url: string) => t.app.inject({ url, headers: bearer(tokens[who]) });

describe("a broadcast's participants go to its owners only; members see the count", () => {
  it('GET /api/chats: a member gets the owners and themself and the count, small; the owner gets everyone', async () => {
    const res = await get('learner', '/api/chats');
    const mine = (res.json().data as Discussion[]).find((d) => d.id === company)!;
    expect(mine.participants.map((p) => p.id).sort()).toEqual([ids.coach, ids.learner].sort());
    expect(mine.participant_count).toBe(EXTRA + 3);
    expect(res.body).not.toContain('crowd');
    // the whole answer stays small (it was 579 KB with 5,003 participants)
    expect(res.body.length).toBeLessThan(10_000);
    // the read status of the latest message is still counted over everyone
    expect(mine.latestMessage?.read_status.recipients).toBe(EXTRA + 2);

    const owner = (await get('coach', '/api/chats')).json().data.find((d: Discussion) => d.id === company);
    expect(owner.participants).toHaveLength(EXTRA + 3);
    expect(owner.participant_count).toBe(EXTRA + 3);
    expect(owner.latestMessage.read_status).toEqual(mine.latestMessage?.read_status);
  });

  it('opening it, a page, a message and the search answer the same to a member', async () => {
    const opened: DiscussionPage = (await get('rival', `/api/chats/${company}`)).json().data;
    expect(opened.participants.map((p) => p.id).sort()).toEqual([ids.coach, ids.rival].sort());
    expect(opened.participant_count).toBe(EXTRA + 3);
    expect(opened.messages.map((m) => m.sender_name)).toEqual(['Cora Coach', 'Cora Coach']);
    const page: DiscussionPage = (await get('learner', `/api/chats/${company}/1`)).json().data;
    expect(page.participants).toHaveLength(2);
    // the rival's open counts as a read for the coach's messages
    expect(page.messages.at(-1)?.read_status).toEqual({ recipients: EXTRA + 2, read: 1 });
    const one = (await get('learner', `/api/broadcasts/${page.messages[0].id}`)).json().data;
    expect(one.read_status.recipients).toBe(EXTRA + 2);
    const search = await get('learner', `/api/chatsSearch/search/${encodeURIComponent(DEMO_COMPANY_CHANNEL)}`);
    expect(search.json().data.chats[0].participants).toHaveLength(2);
    expect(search.body).not.toContain('crowd');
  });

  it("in a repliable broadcast a member's message shows its sender's name to other members", async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/broadcasts',
      headers: bearer(tokens.rival),
      payload: { body: 'Thanks!', discussion_id: company },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.read_status.recipients).toBe(EXTRA + 2);
    const page: DiscussionPage = (await get('learner', `/api/chats/${company}/1`)).json().data;
    expect(page.messages.at(-1)).toMatchObject({ body: 'Thanks!', sender_name: 'Rico Rival' });
    // the sender is named, not listed
    expect(page.participants.map((p) => p.id).sort()).toEqual([ids.coach, ids.learner].sort());
    // a broadcast message's users: its owners and its sender, to members and owners alike (never the crowd)
    expect(
      sent
        .json()
        .data.users.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([ids.coach, ids.rival].sort());
    expect(
      page.messages
        .at(-1)
        ?.users.map((u) => u.id)
        .sort(),
    ).toEqual([ids.coach, ids.rival].sort());
    const owned: DiscussionPage = (await get('coach', `/api/chats/${company}/1`)).json().data;
    for (const m of owned.messages) expect(m.users.length).toBeLessThanOrEqual(2);
    const listed = (await get('learner', '/api/chats')).json().data.find((d: Discussion) => d.id === company);
    expect(listed.latestMessage.sender_name).toBe('Rico Rival');
    expect(listed.participants).toHaveLength(2);
  });

  it('other discussions list every participant with the count', async () => {
    const list: Discussion[] = (await get('learner', '/api/chats')).json().data;
    for (const d of list.filter((x) => x.channel === 'chat')) expect(d.participant_count).toBe(d.participants.length);
  });
});
