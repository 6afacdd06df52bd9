import type { ClientToServerEvents, ServerToClientEvents } from '@cairn/shared/realtime';
import { io, type Socket } from 'socket.io-client';
import { refreshSession } from './http';
import { session } from './session';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: LiveSocket | null = null;

/**
 * The §4 live connection (Socket.IO on /socket.io, joined to `channel-{userId}` by the server). One per tab;
 * callers open it only for an authenticated, non-public user. The access token is read at every (re)connect;
 * a handshake refused for an expired token refreshes the session and tries again. Errors are only logged (§8).
 */
export function openLive(): LiveSocket {
  if (socket) {
    if (socket.disconnected) socket.connect();
    return socket;
  }
  const s: LiveSocket = io({
    path: '/socket.io',
    // a websocket at once (no long-polling handshake and upgrade on every page load); long-polling only where a
    // websocket cannot be opened (a proxy that blocks them)
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    auth: (cb) => cb({ token: session.tokens()?.accessToken ?? '' }),
  });
  s.on('connect_error', (err) => {
    console.warn('live connection error', err.message);
    if (err.message === 'token_expired') {
      void refreshSession().then((ok) => {
        if (ok && socket === s) s.connect();
      });
    }
  });
  socket = s;
  return s;
}

/** Closes the live connection (logout, session end, a public user). */
export function closeLive(): void {
  socket?.disconnect();
  socket = null;
}

session.onEnd(() => closeLive());
