import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** socket.io-client's connection, reduced to what the live client uses: events both ways and connect state. */
const fake = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => void;
  const state = {
    handlers: new Map<string, Handler[]>(),
    emitted: [] as { event: string; args: unknown[] }[],
    connects: 0,
    authAnswer: { ok: true, expires_in: 600 } as unknown,
  };
  const socket = {
    connected: false,
    disconnected: true,
    on(event: string, h: Handler) {
      state.handlers.set(event, [...(state.handlers.get(event) ?? []), h]);
      return socket;
    },
    off: () => socket,
    emit(event: string, ...args: unknown[]) {
      state.emitted.push({ event, args });
      const ack = args.at(-1);
      if (event === 'auth' && typeof ack === 'function') ack(state.authAnswer);
      return socket;
    },
    connect() {
      state.connects++;
      return socket;
    },
    disconnect() {
      socket.connected = false;
      socket.disconnected = true;
      return socket;
    },
  };
  /** what the server does: the connection opens, or a server event arrives */
  const fire = (event: string, ...args: unknown[]) => {
    if (event === 'connect') {
      socket.connected = true;
      socket.disconnected = false;
    }
    for (const h of state.handlers.get(event) ?? []) h(...args);
  };
  let authOption: ((cb: (data: { token: string }) => void) => void) | undefined;
  const io = vi.fn((opts: { auth: typeof authOption }) => {
    authOption = opts.auth;
    return socket;
  });
  const handshakeToken = () => {
    let token = '';
    authOption?.((d) => {
      token = d.token;
    });
    return token;
  };
  return { state, socket, fire, io, handshakeToken };
});
vi.mock('socket.io-client', () => ({ io: fake.io }));

import { session, sessionStore } from './session';
import { closeLive, openLive } from './socket';

const tokens = (access: string, expiresIn = 600) => ({
  token_type: 'Bearer' as const,
  access_token: access,
  refresh_token: `refresh-${access}`,
  expires_in: expiresIn,
  refresh_expires_in: 3600,
});

function stubRefresh(next: string) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ status: 'success', data: tokens(next) }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const auths = () => fake.state.emitted.filter((e) => e.event === 'auth').map((e) => e.args[0]);

describe('the live connection follows the session', () => {
  beforeEach(() => {
    fake.state.emitted = [];
    fake.state.connects = 0;
    fake.state.handlers.clear();
    fake.state.authAnswer = { ok: true, expires_in: 600 };
    sessionStore.set({ tokens: null, expired: false, arrivingAt: null });
    session.save(tokens('first'));
  });
  afterEach(() => {
    closeLive();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends every refreshed access token to the open connection with auth', async () => {
    openLive();
    expect(fake.handshakeToken()).toBe('first');
    fake.fire('connect');
    expect(auths()).toEqual([]);
    session.save(tokens('second'));
    expect(auths()).toEqual(['second']);
    // another tab's refresh, adopted
    session.adopt({ ...session.tokens()!, accessToken: 'third' });
    expect(auths()).toEqual(['second', 'third']);
  });

  it('refreshes and reconnects when the server closes the connection for an expired token, not when revoked', async () => {
    const calls = stubRefresh('fresh');
    openLive();
    fake.handshakeToken();
    fake.fire('connect');
    fake.socket.disconnect();
    fake.fire('LIVE_CLOSED', { reason: 'session_revoked' });
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual([]);
    expect(fake.state.connects).toBe(0);
    fake.fire('LIVE_CLOSED', { reason: 'token_expired' });
    await vi.waitFor(() => expect(fake.state.connects).toBe(1));
    expect(calls).toEqual(['/api/refresh']);
    expect(fake.handshakeToken()).toBe('fresh');
  });

  it('refreshes the session shortly before the access token expires while connected', async () => {
    vi.useFakeTimers();
    const calls = stubRefresh('renewed');
    openLive();
    fake.handshakeToken();
    fake.fire('connect');
    await vi.advanceTimersByTimeAsync(530_000);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toEqual(['/api/refresh']);
    await vi.waitFor(() => expect(auths()).toEqual(['renewed']));
  });
});
