import type { ClientToServerEvents, LiveAuthAnswer, ServerToClientEvents } from '@cairn/shared/realtime';
import { io, type Socket } from 'socket.io-client';
import { refreshSession } from './http';
import { session, sessionStore } from './session';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: LiveSocket | null = null;
/** the access token the server holds for the connection (the handshake's, then each one sent with `auth`) */
let heldToken: string | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The §4 live connection (Socket.IO on /socket.io, joined to `channel-{userId}` by the server). One per tab;
 * callers open it only for an authenticated, non-public user. The access token is read at every (re)connect;
 * a handshake refused for an expired token refreshes the session and tries again. The server closes the
 * connection when its token expires: after every refresh (this tab's or another tab's) the new token is sent with
 * `auth`, and the session is refreshed shortly before the token expires, so the connection lives on. A connection
 * the server closed because the session was revoked is not reopened. Errors are only logged (§8).
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
    auth: (cb) => {
      heldToken = session.tokens()?.accessToken ?? null;
      cb({ token: heldToken ?? '' });
    },
  });
  const refreshAndReconnect = () =>
    void refreshSession().then((ok) => {
      if (ok && socket === s) s.connect();
    });
  s.on('connect_error', (err) => {
    console.warn('live connection error', err.message);
    if (err.message === 'token_expired') refreshAndReconnect();
  });
  s.on('connect', () => {
    // the token may have been refreshed while the handshake was under way
    const token = session.tokens()?.accessToken;
    if (token && token !== heldToken) reauthenticate(s, token);
    else scheduleRefresh();
  });
  s.on('LIVE_CLOSED', ({ reason }) => {
    console.warn('live connection closed by the server', reason);
    if (reason === 'token_expired') refreshAndReconnect();
  });
  socket = s;
  return s;
}

/** Sends the connection a fresh access token; an expired one is refreshed (which sends the next one). */
function reauthenticate(s: LiveSocket, token: string): void {
  heldToken = token;
  s.emit('auth', token, (answer: LiveAuthAnswer) => {
    if (answer.ok) scheduleRefresh();
    else if (answer.code === 'token_expired' && socket === s) void refreshSession();
    else console.warn('live re-authentication refused', answer.code);
  });
}

/** Refreshes the session a little before the access token expires (a minute before; halfway for short-lived ones). */
function scheduleRefresh(): void {
  clearTimeout(refreshTimer);
  const expiresAt = session.tokens()?.accessExpiresAt;
  if (!socket || !expiresAt) return;
  const left = expiresAt - Date.now();
  refreshTimer = setTimeout(
    () => {
      if (socket?.connected) void refreshSession();
    },
    Math.max(0, left - Math.min(60_000, left / 2)),
  );
}

/** Closes the live connection (logout, session end, a public user). */
export function closeLive(): void {
  clearTimeout(refreshTimer);
  socket?.disconnect();
  socket = null;
  heldToken = null;
}

session.onEnd(() => closeLive());

// a new access token (this tab refreshed, or adopted another tab's) goes to the open connection at once
sessionStore.subscribe(() => {
  const token = session.tokens()?.accessToken;
  if (socket?.connected && token && token !== heldToken) reauthenticate(socket, token);
});
