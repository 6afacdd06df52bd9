import { type ClientToServerEvents, type ServerToClientEvents, userChannel } from '@cairn/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { HttpError } from '../lib/http-error';
import { type Actor, authenticateAccessToken } from '../modules/accounts/sessions.service';

export interface SocketData {
  actor: Actor;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface Realtime {
  io: RealtimeServer;
  /** Emits an event to every socket of the user, on any server process. */
  emitToUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
}

/** Socket.IO on /socket.io: the handshake's auth.token is an access token; each socket joins `channel-{userId}`. */
export default fp(
  async function realtimePlugin(app: FastifyInstance) {
    const io: RealtimeServer = new Server(app.server, { path: '/socket.io', serveClient: false });
    if (app.config.redisUrl) {
      const pub = new Redis(app.config.redisUrl, { lazyConnect: true });
      const sub = pub.duplicate();
      for (const c of [pub, sub]) c.on('error', (err) => app.log.warn({ err }, 'realtime redis error'));
      await Promise.all([pub.connect(), sub.connect()]);
      io.adapter(createAdapter(pub, sub, { key: app.config.realtimeKey }));
      app.addHook('onClose', async () => {
        await Promise.all([pub.quit().catch(() => {}), sub.quit().catch(() => {})]);
      });
    }

    io.use(async (socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') return next(new Error('unauthenticated'));
      try {
        socket.data.actor = await authenticateAccessToken(app.db, token);
        next();
      } catch (err) {
        // the client tells an expired token (refresh and reconnect) from a bad one by this message
        next(new Error(err instanceof HttpError ? err.code : 'unauthenticated'));
      }
    });
    io.on('connection', (socket) => {
      void socket.join(userChannel(socket.data.actor.userId));
    });

    app.decorate('realtime', {
      io,
      emitToUser(userId, event, ...args) {
        io.to(userChannel(userId)).emit(event, ...args);
      },
    } satisfies Realtime);
    // Fastify closes the HTTP server itself, so only the sockets and the engine are ours to close
    app.addHook('preClose', async () => {
      io.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'realtime', dependencies: ['db'] },
);
