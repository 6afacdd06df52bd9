import type { Tokens } from '@cairn/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, preparedPer } from '../../db/client';
import { authTokens, roles, sessions, userRoles, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { HttpError, unauthenticated } from '../../lib/http-error';
import { hashToken, newToken, successorToken } from '../../lib/tokens';
import { REVOKED_CHANNEL, type Revocation, tokenCacheOf } from './token-cache';

export interface TokenTtls {
  accessTokenTtl: number;
  refreshTokenTtl: number;
}

export interface SessionMeta {
  method: 'password' | 'public' | 'google2' | 'azure' | 'lti';
  userAgent?: string;
  ip?: string;
}

/**
 * A rotated refresh token presented again within this many ms of its rotation is a lost answer, not theft: the
 * browser's refresh reached the server but its answer never arrived (the page was left or the network dropped), so
 * it presents the old token once more. It gets the same successor pair as the first exchange (never a new chain, so
 * a thief replaying it in the grace shares the one chain reuse detection watches); later reuse revokes the family.
 */
export const REFRESH_REUSE_GRACE_MS = 20_000;

const tokenExpired = () => new HttpError(498, 'token_expired', 'The access token has expired');
const invalidRefresh = () => new HttpError(401, 'invalid_refresh_token', 'The refresh token is invalid or has expired');

async function issuePair(db: Db, sessionId: string, ttl: TokenTtls): Promise<Tokens> {
  const access = newToken('cat');
  const refresh = newToken('crt');
  const now = Date.now();
  await db.insert(authTokens).values([
    {
      tokenHash: hashToken(access),
      sessionId,
      kind: 'access',
      expiresAt: new Date(now + ttl.accessTokenTtl * 1000),
    },
    {
      tokenHash: hashToken(refresh),
      sessionId,
      kind: 'refresh',
      expiresAt: new Date(now + ttl.refreshTokenTtl * 1000),
    },
  ]);
  return {
    token_type: 'Bearer',
    access_token: access,
    refresh_token: refresh,
    expires_in: ttl.accessTokenTtl,
    refresh_expires_in: ttl.refreshTokenTtl,
  };
}

/** Opens a session (a refresh family) for the user and issues its first token pair. */
export async function startSession(db: Db, userId: number, meta: SessionMeta, ttl: TokenTtls): Promise<Tokens> {
  const [s] = await db
    .insert(sessions)
    .values({ userId, method: meta.method, userAgent: meta.userAgent?.slice(0, 255), ip: meta.ip })
    .returning({ id: sessions.id });
  return issuePair(db, s.id, ttl);
}

/** Token → session → user with the user's roles aggregated, in one statement prepared once per connection. */
const accessQuery = preparedPer((db) =>
  db
    .select({
      kind: authTokens.kind,
      expired: sql<boolean>`auth_tokens.expires_at <= now()`,
      expiresAt: sql<number>`(extract(epoch from auth_tokens.expires_at) * 1000)::float8`,
      sessionId: sessions.id,
      sessionRevoked: sql<boolean>`sessions.revoked_at is not null`,
      userId: users.id,
      customerId: users.customerId,
      trailId: users.trailId,
      userDeleted: sql<boolean>`users.deleted_at is not null`,
      roles: sql<{ name: string; level: number }[]>`coalesce((
        select json_agg(json_build_object('name', r.name, 'level', r.level) order by r.level desc)
        from ${userRoles} ur join ${roles} r on r.id = ur.role_id where ur.user_id = users.id), '[]'::json)`,
    })
    .from(authTokens)
    .innerJoin(sessions, eq(sessions.id, authTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(authTokens.tokenHash, sql.placeholder('hash')))
    .prepare('cairn_access_token'),
);

/**
 * Resolves an access token to its actor; 401 when unknown or revoked, 498 when expired. A token seen before is
 * answered from this process's cache (token-cache.ts), which every revocation empties at once in every process;
 * otherwise one indexed query.
 */
export async function authenticateAccessToken(db: Db, token: string): Promise<Actor> {
  const hash = hashToken(token);
  const now = Date.now();
  return cachedActor(db, hash, now) ?? loadActor(db, hash, now);
}

/** An access token's actor and when the token expires (epoch ms): what a live socket holds on to. */
export interface AccessGrant {
  actor: Actor;
  expiresAt: number;
}

/** The actor and expiry of an access token, as {@link authenticateAccessToken} decides them. */
export async function accessGrant(db: Db, token: string): Promise<AccessGrant> {
  const hash = hashToken(token);
  const now = Date.now();
  const hit = tokenCacheOf<Actor>(db).get(hash, now);
  if (hit) {
    if (hit.expiresAt <= now) throw tokenExpired();
    return { actor: hit.actor, expiresAt: hit.expiresAt };
  }
  return loadGrant(db, hash, now);
}

/** The actor of a token hash from this process's cache; undefined when not cached; 498 when it has expired. */
export function cachedActor(db: Db, hash: string, now = Date.now()): Actor | undefined {
  const hit = tokenCacheOf<Actor>(db).get(hash, now);
  if (!hit) return undefined;
  if (hit.expiresAt <= now) throw tokenExpired();
  return hit.actor;
}

/** The actor of a token hash read from the database (one indexed query), then cached; 401 or 498 as above. */
export async function loadActor(db: Db, hash: string, now = Date.now()): Promise<Actor> {
  return (await loadGrant(db, hash, now)).actor;
}

async function loadGrant(db: Db, hash: string, now: number): Promise<AccessGrant> {
  const [row] = await accessQuery(db).execute({ hash });
  if (row?.kind !== 'access' || row.sessionRevoked || row.userDeleted) throw unauthenticated();
  if (row.expired) throw tokenExpired();
  const actor: Actor = {
    userId: row.userId,
    customerId: row.customerId,
    sessionId: row.sessionId,
    trailId: row.trailId,
    roles: row.roles,
  };
  tokenCacheOf<Actor>(db).set(hash, {
    actor,
    sessionId: row.sessionId,
    userId: row.userId,
    expiresAt: row.expiresAt,
    cachedAt: now,
  });
  return { actor, expiresAt: row.expiresAt };
}

/** Tells every process (this one at once, the others through PostgreSQL NOTIFY) that sessions ended. */
async function announceRevocation(db: Db, r: Revocation): Promise<void> {
  tokenCacheOf(db).revoke(r);
  await db.execute(sql`select pg_notify(${REVOKED_CHANNEL}, ${JSON.stringify(r)})`);
}

/**
 * Exchanges a refresh token for its successor pair; presenting an already-exchanged one revokes the whole family,
 * except within {@link REFRESH_REUSE_GRACE_MS} of the exchange, when it gets the same successor pair again (derived
 * from the token with the server's key, lib/tokens.ts): replays inside the grace never start a second chain.
 */
export async function rotateRefreshToken(db: Db, token: string, ttl: TokenTtls): Promise<Tokens> {
  const hash = hashToken(token);
  const [row] = await db
    .select({
      kind: authTokens.kind,
      sessionId: authTokens.sessionId,
      expiresAt: authTokens.expiresAt,
      rotatedAt: authTokens.rotatedAt,
      revokedAt: sessions.revokedAt,
    })
    .from(authTokens)
    .innerJoin(sessions, eq(sessions.id, authTokens.sessionId))
    .where(eq(authTokens.tokenHash, hash));
  if (row?.kind !== 'refresh' || row.revokedAt) throw invalidRefresh();
  if (row.expiresAt.getTime() <= Date.now()) throw invalidRefresh();
  // the conditional update makes two concurrent exchanges of one token one exchange and one replay
  const claimed = await db
    .update(authTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(authTokens.tokenHash, hash), isNull(authTokens.rotatedAt)))
    .returning({ rotatedAt: authTokens.rotatedAt });
  let rotatedAt = claimed[0]?.rotatedAt ?? row.rotatedAt;
  if (!rotatedAt) {
    const [now] = await db
      .select({ rotatedAt: authTokens.rotatedAt })
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hash));
    rotatedAt = now?.rotatedAt ?? null;
  }
  if (claimed.length === 0 && !(rotatedAt && Date.now() - rotatedAt.getTime() < REFRESH_REUSE_GRACE_MS)) {
    await revokeSession(db, row.sessionId);
    throw invalidRefresh();
  }
  return successorPair(db, token, row.sessionId, rotatedAt ?? new Date(), ttl);
}

/**
 * The pair that succeeds a refresh token, issued at `issuedAt` (its exchange): the same tokens however often it is
 * asked for, stored once (a replay racing the first exchange inserts the same rows, which it leaves as they are).
 */
async function successorPair(
  db: Db,
  previous: string,
  sessionId: string,
  issuedAt: Date,
  ttl: TokenTtls,
): Promise<Tokens> {
  const access = successorToken('cat', previous);
  const refresh = successorToken('crt', previous);
  const at = issuedAt.getTime();
  await db
    .insert(authTokens)
    .values([
      { tokenHash: hashToken(access), sessionId, kind: 'access', expiresAt: new Date(at + ttl.accessTokenTtl * 1000) },
      {
        tokenHash: hashToken(refresh),
        sessionId,
        kind: 'refresh',
        expiresAt: new Date(at + ttl.refreshTokenTtl * 1000),
      },
    ])
    .onConflictDoNothing({ target: authTokens.tokenHash });
  // a replay answers later than the exchange: the lifetimes it reports count from the exchange
  const elapsed = Math.max(0, Math.floor((Date.now() - at) / 1000));
  return {
    token_type: 'Bearer',
    access_token: access,
    refresh_token: refresh,
    expires_in: Math.max(1, ttl.accessTokenTtl - elapsed),
    refresh_expires_in: Math.max(1, ttl.refreshTokenTtl - elapsed),
  };
}

/** Ends one session: every token issued in it stops working at once. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await announceRevocation(db, { sessions: [sessionId] });
  // the tokens are dead through the session; deleting them keeps the table small
  await db
    .delete(authTokens)
    .where(eq(authTokens.sessionId, sessionId))
    .catch(() => {});
}

/** Ends every session of the user. */
export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  // the user's id covers all their sessions (and keeps the NOTIFY payload small, whatever their number)
  if (revoked.length > 0) await announceRevocation(db, { userId });
  for (const s of revoked) await db.delete(authTokens).where(eq(authTokens.sessionId, s.id));
}
