import { randomUUID } from 'node:crypto';
import { desc, gt, isNull, or, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import type { Db } from '../../db/client';
import { ltiToolKeys } from '../../db/schema';

export const TOOL_ALG = 'RS256';
/** A retired key stays in the JWKS this long, so messages it signed just before a rotation still verify. */
const RETIRED_PUBLISHED_MS = 24 * 60 * 60 * 1000;

async function newKey(db: Db): Promise<void> {
  const { privateKey, publicKey } = await generateKeyPair(TOOL_ALG, { extractable: true, modulusLength: 2048 });
  const kid = randomUUID();
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: TOOL_ALG, use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: TOOL_ALG, use: 'sig' };
  await db.insert(ltiToolKeys).values({ kid, privateJwk, publicJwk });
}

/**
 * The tool's keys exist: generated on first start and kept in the database. Two processes starting at once may
 * both generate one; the newest signs, and both are published, so nothing breaks.
 */
export async function ensureToolKey(db: Db): Promise<void> {
  const [k] = await db.select({ kid: ltiToolKeys.kid }).from(ltiToolKeys).where(isNull(ltiToolKeys.retiredAt)).limit(1);
  if (!k) await newKey(db);
}

/** Rotation: a new signing key; the old ones are retired (still published for a day). */
export async function rotateToolKey(db: Db): Promise<string> {
  await db.update(ltiToolKeys).set({ retiredAt: sql`now()` }).where(isNull(ltiToolKeys.retiredAt));
  await newKey(db);
  const [k] = await db.select({ kid: ltiToolKeys.kid }).from(ltiToolKeys).where(isNull(ltiToolKeys.retiredAt));
  return k.kid;
}

/** GET /lti/jwks: the public halves of the current key and of keys retired within a day. */
export async function toolJwks(db: Db): Promise<{ keys: JWK[] }> {
  const rows = await db
    .select({ jwk: ltiToolKeys.publicJwk })
    .from(ltiToolKeys)
    .where(
      or(
        isNull(ltiToolKeys.retiredAt),
        gt(ltiToolKeys.retiredAt, sql`now() - ${`${RETIRED_PUBLISHED_MS} milliseconds`}::interval`),
      ),
    )
    .orderBy(desc(ltiToolKeys.createdAt));
  return { keys: rows.map((r) => r.jwk as JWK) };
}

/** Signs a JWT with the newest current tool key (deep-linking responses, client assertions). */
export async function signWithToolKey(db: Db, claims: Record<string, unknown>, ttlSeconds = 300): Promise<string> {
  await ensureToolKey(db);
  const [k] = await db
    .select()
    .from(ltiToolKeys)
    .where(isNull(ltiToolKeys.retiredAt))
    .orderBy(desc(ltiToolKeys.createdAt))
    .limit(1);
  const key = await importJWK(k.privateJwk as JWK, TOOL_ALG);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: TOOL_ALG, kid: k.kid, typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .setJti(randomUUID())
    .sign(key);
}
