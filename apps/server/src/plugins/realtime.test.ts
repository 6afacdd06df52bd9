import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from '@cairn/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDatabase } from '../db/client';
import { DEMO_USERS } from '../db/seed/demo-data';
import { bearer, createTestApp, login, type TestApp } from '../test/harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

let t: TestApp;
let base: string;
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await t.close();
});

function open(token: unknown): Promise<Client> {
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
});
