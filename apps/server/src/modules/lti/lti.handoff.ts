import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { ltiHandoffs } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { signIn } from '../accounts/accounts.service';
import type { SessionMeta, TokenTtls } from '../accounts/sessions.service';
import { randomToken, sha256 } from './lti.launch';

const HANDOFF_TTL_MS = 2 * 60_000;

/** A one-time code for the web app (in the URL's fragment, so no log sees it), valid two minutes. */
export async function createHandoff(tx: Tx, userId: number, target: string): Promise<string> {
  const code = randomToken();
  await tx.insert(ltiHandoffs).values({
    codeHash: sha256(code),
    userId,
    target,
    expiresAt: new Date(Date.now() + HANDOFF_TTL_MS),
  });
  return code;
}

/** POST /api/lti/session: spends the code once and opens the launched user's session. */
export async function exchangeHandoff(db: Db, code: string, meta: Omit<SessionMeta, 'method'>, ttl: TokenTtls) {
  const [h] = await db
    .update(ltiHandoffs)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(ltiHandoffs.codeHash, sha256(code)), isNull(ltiHandoffs.usedAt), gt(ltiHandoffs.expiresAt, sql`now()`)),
    )
    .returning({ userId: ltiHandoffs.userId, target: ltiHandoffs.target });
  if (!h) throw new HttpError(401, 'lti_launch_invalid', 'This launch link was used already or has expired');
  const res = await signIn(db, h.userId, { ...meta, method: 'lti' }, ttl);
  return { ...res, data: { ...res.data, target: h.target } };
}
