import { LIVE_TOKEN_MAX, type LiveAuthAnswer, type LiveClosedReason, userChannel } from '@cairn/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authTokens, sessions, users } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { hashToken } from '../lib/tokens';
import { accessGrant, type Revocation, tokenCacheOf } from '../modules/accounts';
import type { RealtimeSocket as LiveSocket, RealtimeServer } from './realtime.types';

/** setTimeout's longest delay (about 24.8 days); a later expiry is checked again then. */
const MAX_DELAY = 2_147_483_647;

/** What a refused token tells the client: an expired one is refreshed, anything else is not retried. */
const refusalCode = (err: unknown) => (err instanceof HttpError ? err.code : 'unauthenticated');

/**
 * Ties every live socket to the session of its access token (issue 26, item 4):
 * - the handshake's `auth.token` is checked (401 → `unauthenticated`, 498 → `token_expired`); a user may hold at
 *   most `live.connectionsPerUser` sockets on this process (`too_many_connections` beyond);
 * - the socket is closed (LIVE_CLOSED `token_expired`) when its token expires, unless the client sent a fresh
 *   token of the same user with `auth` before (the web client does after every refresh);
 * - a revoked session or user (logout, sign out everywhere, password reset, account deletion, refresh reuse) closes
 *   the matching sockets (LIVE_CLOSED `session_revoked`): the token cache tells each process of every revocation,
 *   its own at once and the others' through PostgreSQL NOTIFY, so each process closes its own sockets; after the
 *   listening connection was lost every socket's token is checked again;
 * - a connection sending more than `live.eventsPerSecond` packets in a second is closed (`too_many_events`).
 */
export function guardSockets(app: FastifyInstance, io: RealtimeServer): void {
  const { eventsPerSecond, connectionsPerUser } = app.config.live;
  const main = io.of('/');
  const timers = new WeakMap<LiveSocket, NodeJS.Timeout>();
  const cache = tokenCacheOf(app.db);
  // a revocation heard while a token was being looked up (the handshake's or `auth`'s) refuses what it granted
  const revokedDuring = (socket: LiveSocket, since: number) =>
    cache.revokedSince(socket.data.actor.sessionId, socket.data.actor.userId, since);

  const close = (socket: LiveSocket, reason: LiveClosedReason) => {
    if (!socket.connected) return;
    socket.emit('LIVE_CLOSED', { reason });
    socket.disconnect(true);
  };

  // closes the socket when its token expires; re-armed by `auth`
  const arm = (socket: LiveSocket) => {
    clearTimeout(timers.get(socket));
    const left = socket.data.expiresAt - Date.now();
    const timer = setTimeout(
      () => (socket.data.expiresAt <= Date.now() ? close(socket, 'token_expired') : arm(socket)),
      Math.max(0, Math.min(left, MAX_DELAY)),
    );
    timer.unref();
    timers.set(socket, timer);
  };

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token === '' || token.length > LIVE_TOKEN_MAX) {
      return next(new Error('unauthenticated'));
    }
    const started = Date.now();
    try {
      const grant = await accessGrant(app.db, token);
      socket.data.actor = grant.actor;
      socket.data.expiresAt = grant.expiresAt;
      socket.data.tokenHash = hashToken(token);
      socket.data.grantedSince = started;
    } catch (err) {
      // the client tells an expired token (refresh and reconnect) from a bad one by this message
      return next(new Error(refusalCode(err)));
    }
    if (revokedDuring(socket, started)) return next(new Error('unauthenticated'));
    // counted and joined in one step (no await between): concurrent handshakes cannot all pass the check
    const channel = userChannel(socket.data.actor.userId);
    if ((main.adapter.rooms.get(channel)?.size ?? 0) >= connectionsPerUser) {
      return next(new Error('too_many_connections'));
    }
    void socket.join(channel);
    next();
  });

  io.on('connection', (socket) => {
    if (revokedDuring(socket, socket.data.grantedSince)) return close(socket, 'session_revoked');
    arm(socket);
    limitEvents(socket, eventsPerSecond, () => close(socket, 'too_many_events'));
    socket.on('auth', (token, ack) => {
      const answer = (a: LiveAuthAnswer) => typeof ack === 'function' && ack(a);
      if (typeof token !== 'string' || token === '' || token.length > LIVE_TOKEN_MAX) {
        return answer({ ok: false, code: 'unauthenticated' });
      }
      const started = Date.now();
      accessGrant(app.db, token).then(
        (grant) => {
          // a socket stays with its user (its room); another user's token is refused, the old one still holds
          if (grant.actor.userId !== socket.data.actor.userId) return answer({ ok: false, code: 'forbidden' });
          if (!socket.connected || cache.revokedSince(grant.actor.sessionId, grant.actor.userId, started)) {
            return answer({ ok: false, code: 'unauthenticated' });
          }
          socket.data.actor = grant.actor;
          socket.data.expiresAt = grant.expiresAt;
          socket.data.tokenHash = hashToken(token);
          arm(socket);
          answer({ ok: true, expires_in: Math.max(0, Math.floor((grant.expiresAt - Date.now()) / 1000)) });
        },
        (err) => answer({ ok: false, code: refusalCode(err) }),
      );
    });
    socket.on('disconnect', () => clearTimeout(timers.get(socket)));
  });

  const revoked = (r: Revocation) => {
    const ids = new Set(r.sessions ?? []);
    const hit: LiveSocket[] = [];
    if (r.userId !== undefined) {
      for (const sid of main.adapter.rooms.get(userChannel(r.userId)) ?? []) {
        const s = main.sockets.get(sid);
        if (s) hit.push(s);
      }
    }
    if (ids.size > 0) for (const s of main.sockets.values()) if (ids.has(s.data.actor.sessionId)) hit.push(s);
    for (const s of hit) close(s, 'session_revoked');
  };

  // revocations may have been missed: every socket's token is looked up again (one query)
  const recheck = async () => {
    const all = [...main.sockets.values()];
    if (all.length === 0) return;
    const hashes = [...new Set(all.map((s) => s.data.tokenHash))];
    const live = await app.db
      .select({ hash: authTokens.tokenHash })
      .from(authTokens)
      .innerJoin(sessions, eq(sessions.id, authTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(inArray(authTokens.tokenHash, hashes), isNull(sessions.revokedAt), isNull(users.deletedAt)));
    const ok = new Set(live.map((l) => l.hash));
    for (const s of all) if (!ok.has(s.data.tokenHash)) close(s, 'session_revoked');
  };

  const stop = cache.onRevoke((r) => {
    if (r) return revoked(r);
    recheck().catch((err) => app.log.warn({ err }, 'live sockets not rechecked after missed revocations'));
  });
  app.addHook('onClose', async () => {
    stop();
  });
}

/**
 * Counts the packets a connection sends (events, acks, to any namespace) in fixed one-second windows and calls
 * `exceeded` once when a window holds more than `perSecond`; what comes after is dropped unread.
 */
function limitEvents(socket: LiveSocket, perSecond: number, exceeded: () => void): void {
  let windowStart = Date.now();
  let count = 0;
  let over = false;
  socket.use((_event, next) => {
    if (over) return;
    next();
  });
  socket.conn.on('packet', (packet: { type: string }) => {
    if (packet.type !== 'message' || over) return;
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      count = 0;
    }
    if (++count > perSecond) {
      over = true;
      exceeded();
    }
  });
}
