import type { Tokens } from '@cairn/shared/api/accounts';
import { createStore, useStore } from './store';

const STORAGE_KEY = 'cairn.session';

/** What survives a reload: the tokens with absolute expiry times, and the public trail if any. */
export interface StoredSession {
  tokenType: string;
  accessToken: string;
  refreshToken: string;
  /** epoch ms */
  accessExpiresAt: number;
  /** epoch ms */
  refreshExpiresAt: number;
  /** set for public users: the one trail they may play */
  trailId: number | null;
}

export interface SessionState {
  tokens: StoredSession | null;
  /** true once a session ended on its own (refresh failed, tokens went stale): shows the 'Oops..' prompt */
  expired: boolean;
  /**
   * a login or logout is moving to this page (unprefixed path): until it renders there, guards hold still,
   * so the page being left cannot redirect mid-way (navigation resolves before a lazy route has rendered)
   */
  arrivingAt: string | null;
}

function read(): StoredSession | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

function write(tokens: StoredSession | null): void {
  try {
    if (tokens) localStorage.setItem(STORAGE_KEY, JSON.stringify(tokens));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // private mode or full storage: the session then lives for this tab only
  }
}

export const sessionStore = createStore<SessionState>({ tokens: read(), expired: false, arrivingAt: null });

type EndReason = 'logout' | 'forbidden' | 'expired' | 'public-entry';
const endListeners = new Set<(reason: EndReason) => void>();
/** The access token of a session this tab is ending (logout, destroy), until a new session is saved. */
let retiring: string | null = null;

export const session = {
  /** Stores tokens from login or refresh; `trailId` undefined keeps the current one; `arrivingAt` is the landing page. */
  save(t: Tokens, trailId?: number | null, arrivingAt: string | null = null): void {
    const now = Date.now();
    const tokens: StoredSession = {
      tokenType: t.token_type,
      accessToken: t.access_token,
      refreshToken: t.refresh_token,
      accessExpiresAt: now + t.expires_in * 1000,
      refreshExpiresAt: now + t.refresh_expires_in * 1000,
      trailId: trailId === undefined ? (sessionStore.get().tokens?.trailId ?? null) : trailId,
    };
    write(tokens);
    retiring = null;
    sessionStore.set((s) => ({ tokens, expired: false, arrivingAt: arrivingAt ?? s.arrivingAt }));
  },
  /**
   * This tab is ending the session on the server (logout, destroy): from now on a refusal of its token answers a
   * request that raced the ending, not an expiry — the http client drops it instead of ending the session itself.
   */
  retire(): void {
    retiring = sessionStore.get().tokens?.accessToken ?? null;
  },
  isRetiring: (accessToken: string): boolean => accessToken === retiring,
  /** Called on every location change: the hand-over ends once its landing page is reached. */
  arrived(path: string): void {
    sessionStore.set((s) => (s.arrivingAt !== null && s.arrivingAt === path ? { ...s, arrivingAt: null } : s));
  },
  tokens: (): StoredSession | null => sessionStore.get().tokens,
  /** The tokens as stored now, which another tab may have rotated or removed since this tab read them. */
  stored: (): StoredSession | null => read(),
  /** Adopts what another tab stored (rotated tokens) without treating it as a new sign-in. */
  adopt(tokens: StoredSession): void {
    sessionStore.set((s) => ({ ...s, tokens, expired: false }));
  },
  isAuthenticated: (): boolean => isLive(sessionStore.get().tokens),
  /** Destroys the stored session and runs clean-up listeners (query cache, live connection). */
  end(reason: EndReason): void {
    const hadTokens = !!sessionStore.get().tokens;
    write(null);
    sessionStore.set((s) => ({
      tokens: null,
      expired: reason === 'expired' ? true : s.expired,
      arrivingAt: s.arrivingAt,
    }));
    if (hadTokens || reason === 'expired') for (const l of endListeners) l(reason);
  },
  /**
   * Ends the session after `go` has navigated away, holding the guards still meanwhile:
   * otherwise the page being left would redirect to login before the navigation lands.
   */
  async handOff(target: string, go: () => Promise<void>, reason: EndReason): Promise<void> {
    sessionStore.set((s) => ({ ...s, arrivingAt: target }));
    try {
      await go();
    } finally {
      session.end(reason);
    }
  },
  clearExpired(): void {
    sessionStore.set((s) => (s.expired ? { ...s, expired: false } : s));
  },
  onEnd(listener: (reason: EndReason) => void): () => void {
    endListeners.add(listener);
    return () => endListeners.delete(listener);
  },
};

/** Authenticated means a refresh token that has not expired (§4); the access token may be refreshed. */
export function isLive(tokens: StoredSession | null, now = Date.now()): tokens is StoredSession {
  return !!tokens && tokens.refreshExpiresAt > now;
}

/** At start-up a stale stored session is destroyed and, since the user had one, the expiry prompt is shown. */
export function checkStoredSession(now = Date.now()): void {
  const { tokens } = sessionStore.get();
  if (tokens && !isLive(tokens, now)) session.end('expired');
}

export function useSession() {
  const state = useStore(sessionStore);
  return {
    authenticated: isLive(state.tokens),
    trailId: state.tokens?.trailId ?? null,
    expired: state.expired,
    arrivingAt: state.arrivingAt,
  };
}

// Tabs share one session: follow another tab's refresh (new tokens) or logout (removed) at once, so this
// tab never presents a refresh token that was already rotated (which would revoke the whole family).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== STORAGE_KEY) return;
    const tokens = read();
    if (tokens) session.adopt(tokens);
    else if (sessionStore.get().tokens) session.end('logout');
  });
}
