import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from '@cairn/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { createDatabase } from '../db/client';
import { DEMO_USERS } from '../db/seed/demo-data';
import { createNotification, emitOnCommit } from '../modules/notifications/notifications.service';
import { bearer, createTestApp, login, type TestApp } from '../test/harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let base: string;
const clients: Client[] = [];
/** The data of a reward notification (its shape in the shared map); n tells them apart. */
const reward = (n: number) => ({ rewards: [n + 1], trail_id: 1, trail: `Trail ${n}` });

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await t.close();
});

function open(token: unknown, transport: 'websocket' | 'polling' = 'websocket', url = base): Promise<Client> {
  const socket: Client = connect(url, {
    path: '/socket.io',
    auth: { token },
    transports: [transport],
    reconnection: false,
    forceNew: true,
  });
  clients.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

describe('socket.io', () => {
  it("authenticates with the access token and delivers events sent to the user's channel only", async () => {
    const learner = await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
    const rival = await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
    const a = await open(learner.access_token);
    const b = await open(rival.access_token);
    const learnerId = (await t.app.inject({ url: '/api/user/profile', headers: bearer(learner.access_token) })).json()
      .data.id as number;

    const got: number[] = [];
    b.on('NOTIFICATION', (p) => got.push(-p.id));
    const received = new Promise<{ id: number }>((resolve) => a.once('NOTIFICATION', resolve));
    t.app.realtime.emitToUser(learnerId, 'NOTIFICATION', { id: 42 });
    expect(await received).toEqual({ id: 42 });
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual([]);
  });

  it('refuses a missing, unknown or expired token', async () => {
    await expect(open(undefined)).rejects.toThrow('unauthenticated');
    await expect(open('cat_unknown')).rejects.toThrow('unauthenticated');
    const short = await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
    await t.database.pool.query(
      "update auth_tokens set expires_at = now() - interval '1 second' where kind = 'access' and token_hash = encode(sha256($1::bytea), 'hex')",
      [short.access_token],
    );
    await expect(open(short.access_token)).rejects.toThrow('token_expired');
  });
});

/** A signed-in demo user: id and access token. */
async function user(who: keyof typeof DEMO_USERS) {
  const { access_token } = await login(t.app, DEMO_USERS[who].email, DEMO_USERS[who].password);
  const id = (await t.app.inject({ url: '/api/user/profile', headers: bearer(access_token) })).json().data.id as number;
  return { id, token: access_token };
}

/**
 * Every NOTIFICATION id a socket receives; `until(id)` resolves with them once `id` is among them (notifications
 * reach a socket in commit order, so whatever was meant for it before `id` has arrived by then).
 */
function notifications(socket: Client) {
  const got: number[] = [];
  let waiting: { id: number; resolve: (got: number[]) => void } | undefined;
  socket.on('NOTIFICATION', (p) => {
    got.push(p.id);
    if (p.id === waiting?.id) waiting.resolve(got);
  });
  return {
    got,
    until: (id: number) =>
      got.includes(id) ? Promise.resolve(got) : new Promise<number[]>((resolve) => (waiting = { id, resolve })),
  };
}

describe("live notifications (pg_notify on commit → the user's sockets)", () => {
  it('a burst reaches every socket of its own user exactly once, in order, and nobody else', async () => {
    const [learner, rival, other] = [await user('learner'), await user('rival'), await user('other')];
    // the learner in two tabs, one of them on long-polling (no websocket frame to pre-encode); the rival; a user of
    // another customer
    const sockets = {
      learnerWs: await open(learner.token),
      learnerPolling: await open(learner.token, 'polling'),
      rival: await open(rival.token),
      other: await open(other.token),
    };
    const got = Object.fromEntries(Object.entries(sockets).map(([k, s]) => [k, notifications(s)])) as Record<
      keyof typeof sockets,
      ReturnType<typeof notifications>
    >;
    // one statement as a mass notification does: 300 rows alternating learner / rival, each announced
    const ids = { learner: [] as number[], rival: [] as number[] };
    const { rows } = await t.database.pool.query<{ id: number; user_id: number }>(
      `with n as (
         insert into notifications (user_id, event, data)
         select case when i % 2 = 0 then $1::int else $2::int end, 'NOTIFY_REWARD', '{"burst": true}'::jsonb
         from generate_series(1, 300) i returning id, user_id)
       select id, user_id, pg_notify('cairn_notification', json_build_object('id', id, 'user_id', user_id)::text)
       from n order by id`,
      [learner.id, rival.id],
    );
    for (const r of rows) (r.user_id === learner.id ? ids.learner : ids.rival).push(r.id);
    expect(ids.learner).toHaveLength(150);
    expect(await got.learnerWs.until(ids.learner.at(-1)!)).toEqual(ids.learner);
    expect(await got.learnerPolling.until(ids.learner.at(-1)!)).toEqual(ids.learner);
    expect(await got.rival.until(ids.rival.at(-1)!)).toEqual(ids.rival);

    // the other customer's user: one of its own after the burst; by then it has received nothing else
    const ownId = await createNotification(t.database.db, other.id, 'NOTIFY_REWARD', reward(0));
    expect(await got.other.until(ownId)).toEqual([ownId]);
  });

  it('a malformed payload is logged and skipped; the plain forms and a payload with other keys still arrive', async () => {
    const learner = await user('learner');
    const got = notifications(await open(learner.token));
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const payloads = [
        '{"id":1,"user_id":',
        'not json',
        `{"id" : 901, "user_id" : ${learner.id}}`,
        `{"id":902,"user_id":${learner.id}}`,
        `{"id":903,"user_id":${learner.id},"note":"read by JSON.parse"}`,
      ];
      await t.database.pool.query("select pg_notify('cairn_notification', p) from unnest($1::text[]) p", [payloads]);
      expect(await got.until(903)).toEqual([901, 902, 903]);
      expect(warn.mock.calls.filter(([, msg]) => msg === 'bad notification payload')).toHaveLength(2);
    } finally {
      warn.mockRestore();
    }
  });

  it('an event without a stored row, with a large non-ASCII payload, arrives whole', async () => {
    const learner = await user('learner');
    const socket = await open(learner.token);
    // longer than 125 bytes (a 16-bit frame length) and counted in bytes, not characters
    const trails = Array.from({ length: 8 }, (_, i) => ({ id: i + 1, name: `Évaluation ${i} — 日本語のトレイル` }));
    const received = new Promise((resolve) => socket.once('DUE_DATE', resolve));
    await t.database.db.transaction((tx) => emitOnCommit(tx, learner.id, 'DUE_DATE', { type: 'one_day', trails }));
    expect(await received).toEqual({ type: 'one_day', trails });
  });
});

describe.skipIf(!process.env.REDIS_URL)('scaled mode: two processes, one PostgreSQL, one Redis', () => {
  it('an event emitted by one process reaches the user connected to the other, and a logout holds on both', async () => {
    const database = createDatabase(t.config.databaseUrl!, { max: 2 });
    const other = await buildApp(t.config, { database, logger: false });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const learner = await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
      const socket = await open(learner.access_token);
      const learnerId = (await other.inject({ url: '/api/user/profile', headers: bearer(learner.access_token) })).json()
        .data.id as number;
      // the adapter's subscription is in place once the socket has joined its room
      await new Promise((r) => setTimeout(r, 200));

      const received = new Promise<{ id: number }>((resolve) => socket.once('NOTIFICATION', resolve));
      other.realtime.emitToUser(learnerId, 'NOTIFICATION', { id: 7 });
      expect(await received).toEqual({ id: 7 });

      expect(
        (await other.inject({ method: 'DELETE', url: '/api/logout', headers: bearer(learner.access_token) }))
          .statusCode,
      ).toBe(200);
      const after = await t.app.inject({ url: '/api/user/profile', headers: bearer(learner.access_token) });
      expect(after.statusCode).toBe(401);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('a committed notification reaches the user on each process once (each process tells its own sockets)', async () => {
    const database = createDatabase(t.config.databaseUrl!, { max: 2 });
    const other = await buildApp(t.config, { database, logger: false });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const rival = await user('rival');
      const here = await open(rival.token);
      const there = await open(
        rival.token,
        'websocket',
        `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`,
      );
      const got = [notifications(here), notifications(there)];
      // written through the other process's pool: every process hears the notify
      const ids = [
        await createNotification(database.db, rival.id, 'NOTIFY_REWARD', reward(1)),
        await createNotification(database.db, rival.id, 'NOTIFY_REWARD', reward(2)),
      ];
      expect(await got[0].until(ids[1])).toEqual(ids);
      expect(await got[1].until(ids[1])).toEqual(ids);
    } finally {
      await other.close();
      await database.close();
    }
  });
});
