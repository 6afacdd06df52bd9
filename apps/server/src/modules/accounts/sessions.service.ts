import type { Tokens } from '@cairn/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, sessions } from '../../db/schema';
import { HttpError, unauthenticated } from '../../lib/http-error';
import { hashToken, newToken } from '../../lib/tokens';

/** Who is calling: resolved from the access token, never from client-supplied ids. */
export interface Actor {
  userId: number;
  customerId: number | null;
  sessionId: string;
  trailId: number | null;
  roles: { name: string; level: number }[];
}

export interface TokenTtls {
  accessTokenTtl: number;
  refreshTokenTtl: number;
}

export interface SessionMeta {
  method: 'password' | 'public' | 'google2' | 'azure';
  userAgent?: string;
  ip?: string;
}

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

interface AccessRow extends Record<string, unknown> {
  kind: string;
  expired: boolean;
  session_id: string;
  session_revoked: boolean;
  user_id: number;
  customer_id: number | null;
  trail_id: number | null;
  user_deleted: boolean;
  roles: { name: string; level: number }[];
}

/** Resolves an access token to its actor in one indexed query; 401 when unknown or revoked, 498 when expired. */
export async function authenticateAccessToken(db: Db, token: string): Promise<Actor> {
  const { rows } = await db.execute<AccessRow>(sql`
    select t.kind, t.expires_at <= now() as expired,
           s.id as session_id, s.revoked_at is not null as session_revoked,
           u.id as user_id, u.customer_id, u.trail_id, u.deleted_at is not null as user_deleted,
           coalesce((select json_agg(json_build_object('name', r.name, 'level', r.level) order by r.level desc)
                     from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), '[]') as roles
    from auth_tokens t
    join sessions s on s.id = t.session_id
    join users u on u.id = s.user_id
    where t.token_hash = ${hashToken(token)}`);
  const row = rows[0];
  if (row?.kind !== 'access' || row.session_revoked || row.user_deleted) throw unauthenticated();
  if (row.expired) throw tokenExpired();
  return {
    userId: row.user_id,
    customerId: row.customer_id,
    sessionId: row.session_id,
    trailId: row.trail_id,
    roles: row.roles,
  };
}

/** Exchanges a refresh token for a new pair; presenting an already-exchanged one revokes the whole family. */
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
  // the conditional update makes two concurrent exchanges of one token count as reuse for the loser
  const claimed = await db
    .update(authTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(authTokens.tokenHash, hash), isNull(authTokens.rotatedAt)))
    .returning({ sessionId: authTokens.sessionId });
  if (claimed.length === 0) {
    await revokeSession(db, row.sessionId);
    throw invalidRefresh();
  }
  return issuePair(db, row.sessionId, ttl);
}

/** Ends one session: every token issued in it stops working at once. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
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
  for (const s of revoked) await db.delete(authTokens).where(eq(authTokens.sessionId, s.id));
}
