import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client';

/** The PostgreSQL channel on which every process hears of revoked sessions (logout, destroy, reuse, deletion). */
export const REVOKED_CHANNEL = 'cairn_sessions_revoked';

/** What a cached access token stands for. */
export interface CachedToken<A> {
  actor: A;
  sessionId: string;
  userId: number;
  /** epoch ms: past it the token answers 498 without asking the database */
  expiresAt: number;
  cachedAt: number;
}

/** A revocation as it travels between processes. */
export interface Revocation {
  sessions?: string[];
  userId?: number;
}

/**
 * Access token (by hash) → actor, per process and database. Entries are dropped at once when a session is
 * revoked — in this process synchronously, in every other through PostgreSQL NOTIFY (delivered when the revoking
 * statement commits) — and live at most `ttlMs` in any case, which bounds the damage of a lost notification.
 * While the listening connection is down nothing is served from the cache.
 */
export class TokenCache<A> {
  private readonly entries = new Map<string, CachedToken<A>>();
  // when each session or user was revoked, so a read that began before a revocation is not cached after it
  private readonly revokedSessions = new Map<string, number>();
  private readonly revokedUsers = new Map<number, number>();
  /** false until this process listens for revocations, and again whenever that connection is lost */
  listening = false;
  // told of every revocation this process hears (its own and, through NOTIFY, every other's); null: some may have
  // been missed (the listening connection was lost), whoever holds on to a session checks it again
  private readonly listeners = new Set<(r: Revocation | null) => void>();

  constructor(
    private readonly max = 20_000,
    private readonly ttlMs = 60_000,
  ) {}

  get(hash: string, now = Date.now()): CachedToken<A> | undefined {
    if (!this.listening) return undefined;
    const e = this.entries.get(hash);
    if (!e) return undefined;
    if (now - e.cachedAt > this.ttlMs) {
      this.entries.delete(hash);
      return undefined;
    }
    return e;
  }

  /** Caches a token read from the database; `entry.cachedAt` is when that read began. */
  set(hash: string, entry: CachedToken<A>): void {
    if (!this.listening) return;
    if (this.revokedSessions.has(entry.sessionId)) return;
    if ((this.revokedUsers.get(entry.userId) ?? Number.NEGATIVE_INFINITY) >= entry.cachedAt) return;
    // a Map keeps insertion order: the oldest entry goes first when full
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(hash, entry);
  }

  /** Drops every entry of the revoked sessions or user. */
  revoke(r: Revocation, now = Date.now()): void {
    const sessions = new Set(r.sessions ?? []);
    for (const id of sessions) this.revokedSessions.set(id, now);
    if (r.userId !== undefined) this.revokedUsers.set(r.userId, now);
    for (const marks of [this.revokedSessions, this.revokedUsers] as Map<unknown, number>[]) {
      for (const [k, at] of marks) if (now - at > 2 * this.ttlMs) marks.delete(k);
    }
    for (const [hash, e] of this.entries) {
      if (sessions.has(e.sessionId) || (r.userId !== undefined && e.userId === r.userId)) this.entries.delete(hash);
    }
    this.tell(r);
  }

  /** Whether this process heard of a revocation of the session or user at or after `since` (epoch ms; ≤ 2 min ago). */
  revokedSince(sessionId: string, userId: number, since: number): boolean {
    const never = Number.NEGATIVE_INFINITY;
    return (this.revokedSessions.get(sessionId) ?? never) >= since || (this.revokedUsers.get(userId) ?? never) >= since;
  }

  /** Calls `listener` on every revocation this process hears, and with null when some may have been missed. */
  onRevoke(listener: (r: Revocation | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Revocations may have been missed (the listening connection was lost, a payload was unreadable). */
  missed(): void {
    this.clear();
    this.tell(null);
  }

  private tell(r: Revocation | null): void {
    for (const l of this.listeners) {
      try {
        l(r);
      } catch {
        // a listener's failure is its own; the cache and the other listeners go on
      }
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<Db, TokenCache<unknown>>();

/** The token cache of this database handle (one per app). */
export function tokenCacheOf<A>(db: Db): TokenCache<A> {
  let c = caches.get(db);
  if (!c) {
    c = new TokenCache<unknown>();
    caches.set(db, c);
  }
  return c as TokenCache<A>;
}

/**
 * Listens for revocations on this app's database and applies them to its token cache; reconnects with a growing
 * pause after a lost connection, serving nothing from the cache meanwhile (and clearing it: revocations may have
 * been missed).
 */
export async function listenForRevocations(app: FastifyInstance): Promise<void> {
  const connectionString = (app.database.pool.options as { connectionString?: string }).connectionString;
  const cache = tokenCacheOf(app.db);
  if (!connectionString) return;
  let client: pg.Client | null = null;
  let closing = false;
  let delay = 200;
  let retryTimer: NodeJS.Timeout | null = null;
  let everListened = false;

  // one retry at a time, with a growing pause (at most 5 s, so the cache is back soon after the database)
  const retry = () => {
    if (closing || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect().catch(() => retry());
    }, delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, 5_000);
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => {
      try {
        cache.revoke(JSON.parse(msg.payload ?? '{}') as Revocation);
      } catch (err) {
        app.log.warn({ err }, 'bad revocation payload');
        cache.missed();
      }
    });
    c.on('error', (err) => {
      cache.listening = false;
      cache.clear();
      if (closing || (err as { code?: string }).code === '57P01') return;
      app.log.warn({ err }, 'revocation listener lost; token cache off until it reconnects');
    });
    c.on('end', () => {
      // only the live connection's end matters (a failed attempt retries through its own rejection)
      if (c !== client) return;
      client = null;
      cache.listening = false;
      cache.clear();
      retry();
    });
    try {
      await c.connect();
      await c.query(`listen ${REVOKED_CHANNEL}`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (closing) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = 200;
    const again = everListened;
    everListened = true;
    cache.clear();
    cache.listening = true;
    // what was revoked while nobody listened is checked again (live sockets)
    if (again) cache.missed();
  };

  await connect();
  app.addHook('preClose', async () => {
    closing = true;
    if (retryTimer) clearTimeout(retryTimer);
    cache.listening = false;
    await client?.end().catch(() => {});
  });
}
