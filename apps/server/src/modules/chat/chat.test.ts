import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ClientToServerEvents, Discussion, DiscussionPage, ServerToClientEvents } from '@cairn/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/client';
import { DEMO_COMPANY_CHANNEL, DEMO_TEAM_NAME } from '../../db/seed/demo-chats';
import { DEMO_USERS } from '../../db/seed/demo-data';
import { createMediaApp, type MediaTestApp, multipart, png } from '../../test/fixtures/media.fixtures';
import { bearer, countQueries, login } from '../../test/harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: MediaTestApp;
const tokens: Record<'learner' | 'rival' | 'coach' | 'other', string> = {
  learner: '',
  rival: '',
  coach: '',
  other: '',
};
const ids: Record<string, number> = {};
const clients: Client[] = [];

beforeAll(async () => {
  t = await createMediaApp({ image: 1024 * 1024 });
  for (const who of ['learner', 'rival', 'coach', 'other'] as const) {
    tokens[who] = (await login(t.app, DEMO_USERS[who].email, DEMO_USERS[who].password)).access_token;
    ids[who] = (await t.app.inject({ url: '/api/user/profile', headers: bearer(tokens[who]) })).json().data.id;
  }
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await t.close();
});

type Who = keyof typeof tokens;
const get = (who: Who, url: string) => t.app.inject({ url, headers: bearer(tokens[who]) });
const post = (who: Who, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(tokens[who]), payload });
const chats = async (who: Who): Promise<Discussion[]> => (await get(who, '/api/chats')).json().data;
const find = async (who: Who, name: string) => (await chats(who)).find((d) => d.name === name)!;
const profileChats = async (who: Who) =>
  (await get(who, '/api/user/profile')).json().data.notifications.chats as number;

async function storedFiles(): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(p);
    }
  };
  await walk(path.join(t.dir, 'files'));
  return out;
}

describe('the seeded demo chats', () => {
  it('lists the learner’s discussions, latest first, with names, participants and unread counts', async () => {
    // the company announcements are not repliable: shown to their owner only (§6, chat.shown.test.ts)
    const list = await chats('learner');
    expect(list.map((d) => d.name)).toEqual([DEMO_TEAM_NAME, 'Rico Rival']);
    const [team, rival] = list;
    expect(await find('coach', DEMO_COMPANY_CHANNEL)).toMatchObject({
      type: 'company',
      channel: 'broadcast',
      repliable: false,
      can_post: true,
    });
    expect(team).toMatchObject({ type: 'team', channel: 'chat', repliable: true, unread: 0 });
    expect(team.participants.find((p) => p.owner)?.name).toBe('Cora Coach');
    expect(team.participants.map((p) => p.email).sort()).toEqual(
      [DEMO_USERS.coach.email, DEMO_USERS.learner.email, DEMO_USERS.rival.email].sort(),
    );
    expect(rival).toMatchObject({ type: 'individual', priority: 0 });
    expect(rival.latestMessage?.body).toMatch(/better answer/);
    // §3: each message carries its discussion's users (id, name, email, owner, read_message_at, media)
    const latest = team.latestMessage!;
    expect(latest.users.map((u) => u.email).sort()).toEqual(team.participants.map((p) => p.email).sort());
    expect(latest.users.find((u) => u.owner)).toMatchObject({ name: 'Cora Coach', email: DEMO_USERS.coach.email });
    for (const u of latest.users) {
      expect(Object.keys(u).sort()).toEqual(['email', 'id', 'media', 'name', 'owner', 'read_message_at']);
    }
    const page: DiscussionPage = (await get('learner', `/api/chats/${team.id}/1`)).json().data;
    for (const m of page.messages)
      expect(m.users.map((u) => u.id).sort()).toEqual(latest.users.map((u) => u.id).sort());
    expect(await profileChats('learner')).toBe(0);
  });

  it('opening a discussion marks it read: unread 0, the profile counter drops, the sender’s ticks count it', async () => {
    // a member may still open the (unlisted) announcements by id: they take part in it
    const company = await find('coach', DEMO_COMPANY_CHANNEL);
    expect(company.latestMessage?.read_status).toEqual({ recipients: 2, read: 0 });
    const unread = async () =>
      (
        await t.database.pool.query(
          'select unread from discussion_participants where discussion_id = $1 and user_id = $2',
          [company.id, ids.rival],
        )
      ).rows[0].unread;
    expect(await unread()).toBe(2);
    const opened: DiscussionPage = (await get('rival', `/api/chats/${company.id}`)).json().data;
    expect(opened.unread).toBe(0);
    expect(opened.messages.map((m) => m.sender_name)).toEqual(['Cora Coach', 'Cora Coach']);
    expect(opened.participants.find((p) => p.id === ids.rival)?.read_message_at).not.toBeNull();
    expect(await unread()).toBe(0);
    expect(await profileChats('rival')).toBe(0);
    // the coach sees one of two recipients has read it
    expect((await find('coach', DEMO_COMPANY_CHANNEL)).latestMessage?.read_status).toEqual({ recipients: 2, read: 1 });
  });

  it('shows Globex nothing of Acme: no chats, a 404 for an Acme discussion and message, no Acme contacts', async () => {
    expect(await chats('other')).toEqual([]);
    const team = await find('learner', DEMO_TEAM_NAME);
    expect((await get('other', `/api/chats/${team.id}`)).statusCode).toBe(404);
    expect((await get('other', `/api/chats/${team.id}/1`)).statusCode).toBe(404);
    expect((await get('other', `/api/messages/${team.latestMessage!.id}`)).statusCode).toBe(404);
    expect((await post('other', '/api/messages', { body: 'hi', discussion_id: team.id })).statusCode).toBe(404);
    expect((await post('other', '/api/messages', { body: 'hi', user_id: ids.learner })).statusCode).toBe(404);
    const search = (await get('other', '/api/chatsSearch/search/Cora')).json().data;
    expect(search).toEqual({ chats: [], contacts: [], messages: [] });
  });
});

describe('messages', () => {
  it('a first message to a user creates the chat (coach type with the trail’s coach), later ones reuse it', async () => {
    const first = await post('learner', '/api/messages', { body: 'Hello coach', user_id: ids.coach });
    expect(first.statusCode).toBe(200);
    const msg = first.json().data;
    expect(msg).toMatchObject({
      body: 'Hello coach',
      sender_id: ids.learner,
      sender_name: 'Lena Learner',
      type: 'chat',
    });
    expect(msg.read_status).toEqual({ recipients: 1, read: 0 });
    const second = (await post('learner', '/api/messages', { body: 'Are you there?', user_id: ids.coach })).json().data;
    expect(second.discussion_id).toBe(msg.discussion_id);
    const d = (await chats('coach')).find((x) => x.id === msg.discussion_id)!;
    expect(d).toMatchObject({ type: 'coach', name: 'Lena Learner', repliable: true, priority: 0, unread: 2 });
    expect((await chats('coach'))[0].id).toBe(msg.discussion_id);
    expect((await get('coach', `/api/messages/${msg.id}`)).json().data.body).toBe('Hello coach');
    // a stranger to the discussion gets a 404, even within the customer
    expect((await get('rival', `/api/messages/${msg.id}`)).statusCode).toBe(404);
    expect((await get('rival', `/api/chats/${msg.discussion_id}`)).statusCode).toBe(404);
    expect((await post('rival', '/api/messages', { body: 'x', discussion_id: msg.discussion_id })).statusCode).toBe(
      404,
    );
  });

  it('refuses a body over 255 characters and an empty one with 422 and a field error; nothing is stored', async () => {
    const team = await find('learner', DEMO_TEAM_NAME);
    const long = await post('learner', '/api/messages', { body: 'x'.repeat(256), discussion_id: team.id });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.body).toBeDefined();
    const empty = await post('learner', '/api/messages', { body: '   ', discussion_id: team.id });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body).toBeDefined();
    expect((await post('learner', '/api/messages', { body: 'x'.repeat(255), discussion_id: team.id })).statusCode).toBe(
      200,
    );
    expect((await post('learner', '/api/messages', { body: 'me', user_id: ids.learner })).statusCode).toBe(422);
    expect((await post('learner', '/api/messages', { body: 'x', user_id: 999999 })).statusCode).toBe(404);
  });

  it('pages a discussion by 10, newest page first, with total and total_pages', async () => {
    const d = (await post('rival', '/api/messages', { body: 'm0', user_id: ids.coach })).json().data.discussion_id;
    for (let i = 1; i < 23; i++) await post('rival', '/api/messages', { body: `m${i}`, discussion_id: d });
    const p1: DiscussionPage = (await get('coach', `/api/chats/${d}/1`)).json().data;
    expect(p1.pagination).toMatchObject({ total: 23, total_pages: 3, current_page: 1, per_page: 10 });
    expect(p1.messages.map((m) => m.body)).toEqual(Array.from({ length: 10 }, (_, i) => `m${13 + i}`));
    const p3: DiscussionPage = (await get('coach', `/api/chats/${d}/3`)).json().data;
    expect(p3.messages.map((m) => m.body)).toEqual(['m0', 'm1', 'm2']);
    // paging does not mark read; opening does
    expect((await find('coach', 'Rico Rival')).unread).toBe(23);
    await get('coach', `/api/chats/${d}`);
    expect((await find('coach', 'Rico Rival')).unread).toBe(0);
  });

  it('broadcasts: only the owner posts in a non-repliable channel; the channels do not mix', async () => {
    const company = await find('coach', DEMO_COMPANY_CHANNEL);
    const refused = await post('learner', '/api/broadcasts', { body: 'me too', discussion_id: company.id });
    expect(refused.statusCode).toBe(403);
    const ok = await post('coach', '/api/broadcasts', { body: 'Office closed on Friday', discussion_id: company.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ type: 'broadcast', body: 'Office closed on Friday' });
    expect((await get('learner', `/api/broadcasts/${ok.json().data.id}`)).json().data.body).toBe(
      'Office closed on Friday',
    );
    expect((await get('learner', `/api/messages/${ok.json().data.id}`)).statusCode).toBe(404);
    expect((await get('other', `/api/broadcasts/${ok.json().data.id}`)).statusCode).toBe(404);
    expect((await post('coach', '/api/messages', { body: 'x', discussion_id: company.id })).statusCode).toBe(422);
    const team = await find('coach', DEMO_TEAM_NAME);
    expect((await post('coach', '/api/broadcasts', { body: 'x', discussion_id: team.id })).statusCode).toBe(422);
  });

  it('refuses public users every chat call with 403', async () => {
    const pub = (await t.app.inject({ method: 'POST', url: '/api/public/login/demo' })).json().data.access_token;
    const h = bearer(pub);
    expect((await t.app.inject({ url: '/api/chats', headers: h })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/chatsSearch/search/Cora', headers: h })).statusCode).toBe(403);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: h,
      payload: { body: 'hi', user_id: ids.coach },
    });
    expect(sent.statusCode).toBe(403);
    // and they are nobody's contact
    const found = (await get('learner', '/api/chatsSearch/search/public')).json().data.contacts;
    expect(found).toEqual([]);
  });
});

describe('attachments', () => {
  const upload = (who: Who, url: string, parts: Parameters<typeof multipart>[0]) => {
    const form = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(tokens[who]), ...form.headers },
      payload: form.payload,
    });
  };

  it('stores an image with its message; the recipients see the attachment', async () => {
    const team = await find('learner', DEMO_TEAM_NAME);
    const res = await upload('learner', '/chats/messages', [
      { name: 'discussion_id', value: String(team.id) },
      { name: 'body', value: 'Look at this' },
      { name: 'file', filename: 'holiday.png', content: await png(40, 30), type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(200);
    const msg = (await get('rival', `/api/messages/${res.json().data.id}`)).json().data;
    expect(msg.body).toBe('Look at this');
    expect(msg.media).toMatchObject({ title: 'holiday', ext: 'png', metadata: { mimetype: 'image/png' } });
    const file = await t.app.inject({ url: msg.media.url, headers: bearer(tokens.rival) });
    expect(file.statusCode).toBe(200);
  });

  it('refuses a disguised file, a video and a file over the limit, storing nothing', async () => {
    const team = await find('learner', DEMO_TEAM_NAME);
    const before = await storedFiles();
    const count = async () => (await get('learner', `/api/chats/${team.id}/1`)).json().data.pagination.total as number;
    const total = await count();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(600, 0)]);
    const disguised = await upload('learner', '/chats/messages', [
      { name: 'discussion_id', value: String(team.id) },
      { name: 'file', filename: 'photo.png', content: exe, type: 'image/png' },
    ]);
    expect(disguised.statusCode).toBe(415);
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(600, 1)]);
    const video = await upload('learner', '/chats/messages', [
      { name: 'discussion_id', value: String(team.id) },
      { name: 'file', filename: 'clip.mp4', content: mp4, type: 'video/mp4' },
    ]);
    expect(video.statusCode).toBe(415);
    const big = await upload('learner', '/chats/messages', [
      { name: 'discussion_id', value: String(team.id) },
      {
        name: 'file',
        filename: 'big.png',
        content: Buffer.concat([await png(10, 10), randomBytes(1_200_000)]),
        type: 'image/png',
      },
    ]);
    expect(big.statusCode).toBe(413);
    const noFile = await upload('learner', '/chats/messages', [{ name: 'discussion_id', value: String(team.id) }]);
    expect(noFile.statusCode).toBe(422);
    const elsewhere = await upload('other', '/chats/messages', [
      { name: 'discussion_id', value: String(team.id) },
      { name: 'file', filename: 'a.png', content: await png(10, 10), type: 'image/png' },
    ]);
    expect(elsewhere.statusCode).toBe(404);
    expect(await storedFiles()).toEqual(before);
    expect(await count()).toBe(total);
  });

  it('broadcast attachments go to /chats/broadcasts, by the owner only', async () => {
    const company = await find('coach', DEMO_COMPANY_CHANNEL);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const parts = [
      { name: 'discussion_id', value: String(company.id) },
      { name: 'file', filename: 'handbook.pdf', content: pdf, type: 'application/pdf' },
    ];
    expect((await upload('learner', '/chats/broadcasts', parts)).statusCode).toBe(403);
    const ok = await upload('coach', '/chats/broadcasts', parts);
    expect(ok.statusCode).toBe(200);
    const msg = (await get('learner', `/api/broadcasts/${ok.json().data.id}`)).json().data;
    expect(msg.media).toMatchObject({ title: 'handbook', ext: 'pdf' });
  });
});

describe('search', () => {
  it('needs at least 2 characters', async () => {
    const team = await find('learner', DEMO_TEAM_NAME);
    expect((await get('learner', '/api/chatsSearch/search/a')).statusCode).toBe(422);
    expect((await get('learner', `/api/chats/search/discussions/${team.id}/%20a%20`)).statusCode).toBe(422);
  });

  it('finds Thai and Chinese words inside messages, only in the searcher’s own discussions', async () => {
    const team = await find('learner', DEMO_TEAM_NAME);
    await post('learner', '/api/messages', { body: 'สวัสดีครับ วันนี้เรียนภาษาไทยกันไหม', discussion_id: team.id });
    await post('rival', '/api/messages', { body: '我们明天一起学习中文吧', user_id: ids.learner });
    const thai = (await get('learner', `/api/chatsSearch/search/${encodeURIComponent('ภาษาไทย')}`)).json().data;
    expect(thai.messages).toEqual([
      expect.objectContaining({ discussion_name: DEMO_TEAM_NAME, body: expect.stringContaining('ภาษาไทย') }),
    ]);
    const chinese = (await get('learner', `/api/chatsSearch/search/${encodeURIComponent('学习')}`)).json().data;
    expect(chinese.messages).toEqual([expect.objectContaining({ discussion_name: 'Rico Rival' })]);
    // the coach is not in the learner–rival chat
    expect((await get('coach', `/api/chatsSearch/search/${encodeURIComponent('学习')}`)).json().data.messages).toEqual(
      [],
    );
    const room = (await get('rival', `/api/chats/search/discussions/${team.id}/${encodeURIComponent('สวัสดี')}`)).json();
    expect(room.data).toHaveLength(1);
    expect(
      (await get('other', `/api/chats/search/discussions/${team.id}/${encodeURIComponent('สวัสดี')}`)).statusCode,
    ).toBe(404);
  });

  it('finds chats by name and contacts of the customer, and treats % literally', async () => {
    const res = (await get('learner', '/api/chatsSearch/search/summit')).json().data;
    expect(res.chats.map((d: Discussion) => d.name)).toEqual([DEMO_TEAM_NAME]);
    const contacts = (await get('learner', '/api/chatsSearch/search/cora')).json().data.contacts;
    expect(contacts).toEqual([expect.objectContaining({ id: ids.coach, name: 'Cora Coach' })]);
    expect((await get('learner', '/api/chatsSearch/search/%25%25')).json().data).toEqual({
      chats: [],
      contacts: [],
      messages: [],
    });
  });
});

describe('search plan', () => {
  it('reads messages only through the searcher’s discussions, never by scanning the table (other customers’ rows)', async () => {
    const pool = t.database.pool;
    // a big customer elsewhere: Globex gets a discussion with 20,000 messages
    const otto = ids.other;
    const { rows } = await pool.query(
      `insert into discussions (customer_id, type, name) select customer_id, 'team', 'Globex crowd' from users where id = $1 returning id`,
      [otto],
    );
    await pool.query('insert into discussion_participants (discussion_id, user_id) values ($1, $2)', [
      rows[0].id,
      otto,
    ]);
    await pool.query(
      `insert into messages (discussion_id, sender_id, body) select $1, $2, 'globex chatter ' || i from generate_series(1, 20000) i`,
      [rows[0].id, otto],
    );
    await pool.query('analyze messages; analyze discussion_participants; analyze discussions');

    const original = pool.query.bind(pool);
    const seen: { text: string; values: unknown[] }[] = [];
    (pool as { query: unknown }).query = (...args: unknown[]) => {
      const [q, v] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      const text = typeof q === 'string' ? q : q.text;
      if (/ilike|lateral/i.test(text)) seen.push({ text, values: v ?? (typeof q === 'string' ? [] : q.values) ?? [] });
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    try {
      expect((await get('learner', '/api/chatsSearch/search/chatter')).json().data.messages).toEqual([]);
      // Otto's list shows the newest of his 20,000 messages without reading the others
      expect((await get('other', '/api/chats')).json().data[0].latestMessage.body).toBe('globex chatter 20000');
    } finally {
      (pool as { query: unknown }).query = original;
    }
    const search = seen.find((q) => /lateral/.test(q.text));
    expect(search).toBeDefined();
    const [{ 'QUERY PLAN': plan }] = (await pool.query(`explain (format json) ${search!.text}`, search!.values)).rows;
    type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
    const nodes: PlanNode[] = [];
    const walk = (n: PlanNode) => {
      nodes.push(n);
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(plan[0].Plan);
    const onMessages = nodes.filter((n) => n['Relation Name'] === 'messages');
    // messages are reached only by the (discussion_id, id) index, per discussion of the searcher
    expect(onMessages.map((n) => [n['Node Type'], n['Index Name']])).toEqual([
      ['Index Scan', 'messages_discussion_idx'],
    ]);
  });
});

describe('listing cost', () => {
  it('runs a fixed number of queries whatever the number of discussions', async () => {
    const pool = t.database.pool;
    const queries = countQueries(pool);
    try {
      const measure = async () => {
        queries.reset();
        const res = await get('other', '/api/chats');
        expect(res.statusCode).toBe(200);
        return { queries: queries.count, n: res.json().data.length as number };
      };
      // Otto gets colleagues at Globex, and a chat with each
      const globex = (await pool.query("select customer_id from users where email = 'other@example.com'")).rows[0]
        .customer_id as number;
      const { rows } = await pool.query(
        `insert into users (customer_id, email, firstname, lastname)
         select $1, 'g' || i || '@example.com', 'G' || i, 'Colleague' from generate_series(1, 6) i returning id`,
        [globex],
      );
      await post('other', '/api/messages', { body: 'hi', user_id: rows[0].id });
      const few = await measure();
      for (const r of rows.slice(1)) await post('other', '/api/messages', { body: 'hi', user_id: r.id });
      const many = await measure();
      expect(many.n).toBe(few.n + 5);
      expect(many.queries).toBe(few.queries);
      expect(few.queries).toBeLessThanOrEqual(4);
    } finally {
      queries.restore();
    }
  });
});

async function listen(app: typeof t.app) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function open(base: string, token: string): Promise<Client> {
  const socket: Client = connect(base, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('live delivery', () => {
  it('emits BROADCAST_NEW_MESSAGE to every participant, and CHAT_READ to the sender when a reader opens it', async () => {
    const base = await listen(t.app);
    const rival = await open(base, tokens.rival);
    const coach = await open(base, tokens.coach);
    const team = await find('learner', DEMO_TEAM_NAME);
    const arrived = new Promise<{ discussion_id: number; message_id: number }>((r) =>
      rival.once('BROADCAST_NEW_MESSAGE', r),
    );
    const toCoach = new Promise((r) => coach.once('BROADCAST_NEW_MESSAGE', r));
    const sent = (await post('learner', '/api/messages', { body: 'live!', discussion_id: team.id })).json().data;
    expect(await arrived).toEqual({ discussion_id: team.id, message_id: sent.id });
    await toCoach;
    // the event comes after the commit: the message can be read at once
    expect((await get('rival', `/api/messages/${sent.id}`)).json().data.body).toBe('live!');

    const learner = await open(base, tokens.learner);
    const read = new Promise<{ user_id: number }>((r) => learner.once('CHAT_READ', r));
    await get('rival', `/api/chats/${team.id}`);
    expect((await read).user_id).toBe(ids.rival);
  });
});

describe.skipIf(!process.env.REDIS_URL)('scaled mode: two instances, one PostgreSQL, one Redis', () => {
  it('a message sent through instance A reaches the recipient’s socket on instance B', async () => {
    const database = createDatabase(t.config.databaseUrl!, { max: 2 });
    const b = await buildApp(t.config, { database, logger: false });
    try {
      const baseB = await listen(b);
      const socket = await open(baseB, tokens.rival);
      await new Promise((r) => setTimeout(r, 200));
      const team = await find('learner', DEMO_TEAM_NAME);
      const arrived = new Promise<{ message_id: number }>((r) => socket.once('BROADCAST_NEW_MESSAGE', r));
      const sent = (await post('learner', '/api/messages', { body: 'across instances', discussion_id: team.id })).json()
        .data;
      expect((await arrived).message_id).toBe(sent.id);
    } finally {
      await b.close();
      await database.close();
    }
  });
});
