import type { ClientToServerEvents, ServerToClientEvents } from '@cairn/shared';
import type { Server, Socket } from 'socket.io';
import type { Actor } from '../lib/actor';

// The live server's types (plugins/realtime.ts builds it; realtime-sessions.ts guards its sockets).

export interface SocketData {
  actor: Actor;
  /** the hash of the access token the socket holds (the handshake's, or the latest `auth`) */
  tokenHash: string;
  /** epoch ms: when that token expires and, unless `auth` brings a fresh one, the socket is closed */
  expiresAt: number;
  /** epoch ms: when the handshake's token lookup began (a revocation heard since refuses the socket) */
  grantedSince: number;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface Realtime {
  io: RealtimeServer;
  /** Emits an event to every socket of the user, on any server process. */
  emitToUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * Emits an event to the user's sockets connected to THIS process only (the pg notification listener: every process
   * hears each notification and tells its own sockets). Encoded once per user, without a broadcast's overhead.
   */
  emitToLocalUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /**
   * emitToLocalUser(userId, 'NOTIFICATION', { id }) — the same packet — for the listener's common case, with the
   * packet written by hand (`id` an integer): a fan-out to 10,000 users does it 10,000 times.
   */
  notifyLocalUser(userId: number, id: number): void;
}
