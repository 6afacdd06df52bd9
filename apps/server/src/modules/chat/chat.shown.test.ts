import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, Discussion, ServerToClientEvents } from '@cairn/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY_CHANNEL } from '../../db/seed/demo-chats';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { bearer, createTestApp, login, type TestApp } from '../../test/harness';

// §6 "Broadcast/company discussions are shown only when repliable" (docs/chat.md): the demo's company
// announcements (non-repliable, owned by the coach; learner and rival are members)
let t: TestApp;
const tokens: Record<string, string> = {};
let company: number;
const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['learner', 'rival', 'coach'] as const) {
    tokens[who] = (await login(t.app, DEMO_USERS[who].email, DEMO_USERS[who].password)).access_token;
  }
  const list: Discussion[] = (await get('coach', '/api/chats')).json().data;
  company = list.find((d) => d.name === DEMO_COMPANY_CHANNEL)!.id;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const get = (who: string, url: string) => t.app.inject({ url, headers: bearer(tokens[who]) });
const listed = async (who: string) => ((await get(who, '/api/chats')).json().data as Discussion[]).map((d) => d.id);
const badge = async (who: string) => (await get(who, '/api/user/profile')).json().data.notifications.chats as number;
const broadcast = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/broadcasts',
    headers: bearer(tokens.coach),
    payload: { body, discussion_id: company },
  });

describe('a broadcast or company discussion is shown only to those who may reply', () => {
  it('a non-repliable one: listed and counted for its owner, not for its members (list, badge, search)', async () => {
    expect(await listed('coach')).toContain(company);
    expect(await listed('learner')).not.toContain(company);
    // the learner has the two seeded announcements unread, yet the Chat badge agrees with the list
    const { rows } = await t.database.pool.query(
      'select p.unread from discussion_participants p join users u on u.id = p.user_id where u.email = $1 and p.discussion_id = $2',
      [DEMO_USERS.learner.email, company],
    );
    expect(rows[0].unread).toBeGreaterThan(0);
    expect(await badge('learner')).toBe(0);
    const search = (await get('learner', `/api/chatsSearch/search/${encodeURIComponent('Acme')}`)).json().data;
    expect(search.chats).toEqual([]);
    const sent = (await broadcast('Quarterly all-hands on Monday')).json().data;
    const hits = (await get('learner', '/api/chatsSearch/search/all-hands')).json().data;
    expect(hits.messages).toEqual([]);
    expect((await get('coach', '/api/chatsSearch/search/all-hands')).json().data.messages).toEqual([
      expect.objectContaining({ id: sent.id }),
    ]);
  });

  it('the live event goes to its owner only', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const open = (token: string) =>
      new Promise<(typeof sockets)[number]>((resolve, reject) => {
        const s = connect(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], forceNew: true });
        sockets.push(s);
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    const [coach, learner] = [await open(tokens.coach), await open(tokens.learner)];
    const events: string[] = [];
    learner.on('BROADCAST_NEW_MESSAGE', () => events.push('learner'));
    const toCoach = new Promise((r) => coach.once('BROADCAST_NEW_MESSAGE', r));
    await broadcast('Canteen closed today');
    await toCoach;
    await new Promise((r) => setTimeout(r, 200));
    expect(events).toEqual([]);
  });

  it('once repliable, it is shown to every member and counts in their badge', async () => {
    await t.database.pool.query('update discussions set repliable = true where id = $1', [company]);
    expect(await listed('rival')).toContain(company);
    expect(await badge('rival')).toBe(1);
    const search = (await get('rival', `/api/chatsSearch/search/${encodeURIComponent('Acme')}`)).json().data;
    expect(search.chats.map((d: Discussion) => d.id)).toEqual([company]);
  });
});
