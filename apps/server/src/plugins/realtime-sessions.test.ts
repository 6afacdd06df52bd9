import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, LiveAuthAnswer, ServerToClientEvents } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDatabase, type Database } from '../db/client';
import { DEMO_USERS } from '../db/seed/demo-data';
import { tokenCacheOf } from '../modules/accounts';
import { bearer, createTestApp, login, readMail, resetLinkFrom, type TestApp } from '../test/harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const clients: Client[] = [];

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

function open(url: string, token: string): Promise<Client> {
  const socket: Client = connect(url, {
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

/** Resolves with the LIVE_CLOSED reason (if any came) once the server has closed the socket. */
function closed(socket: Client): Promise<{ reason: string | null; disconnect: string }> {
  let reason: string | null = null;
  socket.once('LIVE_CLOSED', (p) => {
    reason = p.reason;
  });
  return new Promise((resolve) => socket.once('disconnect', (d) => resolve({ reason, disconnect: d })));
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether the socket is still open after `ms` (and answers a round trip). */
async function stillOpen(socket: Client, ms: number): Promise<boolean> {
  await pause(ms);
  return socket.connected;
}

afterAll(() => {
  for (const c of clients) c.disconnect();
});

// two processes on one database (and on one Redis when REDIS_URL is set: then the adapter is Redis's); the
// revocation reaches the other process through PostgreSQL NOTIFY in both cases
describe('a revoked session closes its sockets on every process', () => {
  let t: TestApp;
  let database: Database;
  let other: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    database = createDatabase(t.config.databaseUrl!, { max: 2 });
    other = await buildApp(t.config, { database, logger: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await other.close();
    await database.close();
    await t.close();
  });

  it('logout through A closes the socket on B (and on A), and only that session', async () => {
    const { access_token } = await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
    const second = await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
    const onB = await open(urlOf(other), access_token);
    const onA = await open(urlOf(t.app), access_token);
    const otherSession = await open(urlOf(other), second.access_token);
    const ends = [closed(onB), closed(onA)];
    const res = await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: bearer(access_token) });
    expect(res.statusCode).toBe(200);
    for (const end of await Promise.all(ends))
      expect(end).toEqual({ reason: 'session_revoked', disconnect: 'io server disconnect' });
    expect(await stillOpen(otherSession, 300)).toBe(true);
    // and it cannot come back with the revoked token
    await expect(open(urlOf(other), access_token)).rejects.toThrow('unauthenticated');
  });

  it('"sign out everywhere" through A closes every socket of the user on B, not another user\'s', async () => {
    const one = await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
    const two = await login(other, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
    const bystander = await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password);
    const sockets = [await open(urlOf(other), one.access_token), await open(urlOf(other), two.access_token)];
    const coach = await open(urlOf(other), bystander.access_token);
    const ends = sockets.map(closed);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/destroy', headers: bearer(one.access_token) })).statusCode,
    ).toBe(200);
    for (const end of await Promise.all(ends)) expect(end.reason).toBe('session_revoked');
    expect(await stillOpen(coach, 300)).toBe(true);
  });

  it('a password reset through A closes the socket on B', async () => {
    const { email, password } = DEMO_USERS.other;
    const { access_token } = await login(t.app, email, password);
    const socket = await open(urlOf(other), access_token);
    const end = closed(socket);
    await t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { username: email, url: 'http://localhost:5173/password/reset' },
    });
    const link = resetLinkFrom(await readMail(t.config.outboxDir, email));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: {
        username: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
        password: 'brand-new-pw9',
        password_confirmation: 'brand-new-pw9',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await end).reason).toBe('session_revoked');
  });

  it('after missed revocations (the listening connection was lost) every socket is checked again', async () => {
    const { access_token } = await login(other, DEMO_USERS.coach.email, DEMO_USERS.coach.password);
    const socket = await open(urlOf(other), access_token);
    const end = closed(socket);
    // revoked behind the processes' backs: no NOTIFY is sent
    await t.database.pool.query(
      `update sessions set revoked_at = now() where id = (select session_id from auth_tokens
        where token_hash = encode(sha256($1::bytea), 'hex'))`,
      [access_token],
    );
    expect(await stillOpen(socket, 200)).toBe(true);
    tokenCacheOf(other.db).missed();
    expect((await end).reason).toBe('session_revoked');
  });
});

describe('a revocation heard while the handshake looks its token up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('refuses the socket (the lookup began before the revocation)', async () => {
    const { access_token } = await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
    const {
      rows: [{ session_id: sessionId }],
    } = await t.database.pool.query(
      "select session_id from auth_tokens where token_hash = encode(sha256($1::bytea), 'hex')",
      [access_token],
    );
    // the token lookup waits behind a lock while the revocation is heard
    const locker = await t.database.pool.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table auth_tokens in access exclusive mode');
      const attempt = open(urlOf(t.app), access_token);
      // handled from now on: on a busy machine the refusal can come before the expectation below is attached
      attempt.catch(() => {});
      await pause(300);
      tokenCacheOf(t.app.db).revoke({ sessions: [sessionId] });
      await locker.query('commit');
      await expect(attempt).rejects.toThrow('unauthenticated');
    } finally {
      locker.release();
    }
  });
});

describe('an expiring access token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ accessTokenTtl: 2 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('closes the socket when its token expires', async () => {
    const { access_token } = await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
    const socket = await open(urlOf(t.app), access_token);
    const started = Date.now();
    const end = await closed(socket);
    expect(end.reason).toBe('token_expired');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('keeps a socket that re-authenticates with a refreshed token, and refuses a bad or foreign one', async () => {
    const tokens = await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
    const socket = await open(urlOf(t.app), tokens.access_token);
    const auth = (token: unknown) =>
      new Promise<LiveAuthAnswer>((resolve) => socket.emit('auth', token as string, resolve));
    expect(await auth('cat_unknown')).toEqual({ ok: false, code: 'unauthenticated' });
    expect(await auth(12)).toEqual({ ok: false, code: 'unauthenticated' });
    const coach = await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password);
    expect(await auth(coach.access_token)).toEqual({ ok: false, code: 'forbidden' });
    await pause(1000);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      payload: { refresh_token: tokens.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(await auth(refreshed.json().data.access_token)).toMatchObject({ ok: true });
    // past the first token's expiry (2 s after the handshake), short of the second's
    expect(await stillOpen(socket, 1600)).toBe(true);
  });
});

describe('limits per connection and per user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ live: { eventsPerSecond: 10, connectionsPerUser: 3 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('refuses a user more connections than the limit, and takes one again once one closed', async () => {
    const { access_token } = await login(t.app, DEMO_USERS.learner.email, DEMO_USERS.learner.password);
    const attempts = await Promise.allSettled(Array.from({ length: 6 }, () => open(urlOf(t.app), access_token)));
    const opened = attempts.filter((a) => a.status === 'fulfilled').map((a) => a.value);
    expect(opened).toHaveLength(3);
    for (const a of attempts) if (a.status === 'rejected') expect(String(a.reason)).toMatch('too_many_connections');
    // another user is not affected
    const rival = await login(t.app, DEMO_USERS.rival.email, DEMO_USERS.rival.password);
    await open(urlOf(t.app), rival.access_token);
    const end = new Promise((r) => opened[0].once('disconnect', r));
    opened[0].disconnect();
    await end;
    await pause(100);
    await expect(open(urlOf(t.app), access_token)).resolves.toBeTruthy();
  });

  it('closes a connection that sends more events per second than the limit; a calm one stays', async () => {
    const { access_token } = await login(t.app, DEMO_USERS.coach.email, DEMO_USERS.coach.password);
    const flood = await open(urlOf(t.app), access_token);
    const calm = await open(urlOf(t.app), access_token);
    const end = closed(flood);
    for (let i = 0; i < 1000; i++) (flood as unknown as Socket).emit('anything', i);
    expect((await end).reason).toBe('too_many_events');
    for (let i = 0; i < 5; i++) calm.emit('auth', 'cat_unknown', () => {});
    expect(await stillOpen(calm, 300)).toBe(true);
  });
});
