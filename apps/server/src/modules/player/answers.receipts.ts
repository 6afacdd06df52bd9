import { type AnswerResponse, type ErrorBody, type ErrorCode, uuidV7Time } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { answerReceipts, pebbles, trailProgress } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { HttpError, validationError } from '../../lib/http-error';

/**
 * Idempotent answers (docs/offline.md). An answer sent with a client-made id (a UUID v7) is decided once: the first
 * request claims the id's receipt (its primary key decides between concurrent duplicates), decides the answer and
 * keeps the outcome, a 200's body or a refusal's status and body; every repeat of the id (a double tap, a POST sent
 * again after a lost response, the offline outbox replaying) is answered with that outcome and stores nothing.
 */

/** A claim whose request has not kept an outcome for this long is taken over (its process died deciding it). */
const ABANDONED_SECONDS = 30;
/** How often a repeat looks again for the outcome while the first request decides it, and for how long at most. */
const POLL_MS = 20;
const WAIT_MS = 30_000;

/** Refusals kept as the id's outcome; others (a conflict to send again, a rate limit, a server error) are not. */
const isFinal = (err: unknown): err is HttpError =>
  err instanceof HttpError &&
  err.statusCode >= 400 &&
  err.statusCode < 500 &&
  err.statusCode !== 408 &&
  err.statusCode !== 429 &&
  err.code !== 'answer_conflict';

type Receipt = {
  pebble_id: number;
  status: number | null;
  body: unknown;
  abandoned: boolean;
};

/** Claims the id (or takes over an abandoned claim), reading in the same statement when the attempt was reset. */
async function claim(db: Db, userId: number, clientId: string, pebbleId: number) {
  const res = await db.execute<{ claimed: boolean; reset_at: string | Date | null }>(sql`
    with claimed as (
      insert into ${answerReceipts} (user_id, client_id, pebble_id) values (${userId}, ${clientId}::uuid, ${pebbleId})
      on conflict (user_id, client_id) do update set claimed_at = now(), pebble_id = excluded.pebble_id
        where ${answerReceipts}.status is null
          and ${answerReceipts}.claimed_at < now() - make_interval(secs => ${ABANDONED_SECONDS})
      returning 1)
    select exists (select 1 from claimed) as claimed,
      (select tp.reset_at from ${trailProgress} tp join ${pebbles} p on p.trail_id = tp.trail_id
        where p.id = ${pebbleId} and tp.user_id = ${userId}) as reset_at`);
  const row = res.rows[0];
  return { claimed: row.claimed, resetAt: row.reset_at === null ? null : new Date(row.reset_at) };
}

async function receipt(db: Db, userId: number, clientId: string): Promise<Receipt | undefined> {
  const res = await db.execute<Receipt>(sql`
    select pebble_id, status, body,
      status is null and claimed_at < now() - make_interval(secs => ${ABANDONED_SECONDS}) as abandoned
    from ${answerReceipts} where user_id = ${userId} and client_id = ${clientId}::uuid`);
  return res.rows[0];
}

async function keep(db: Db, userId: number, clientId: string, status: number, body: unknown) {
  await db.execute(sql`update ${answerReceipts} set status = ${status}, body = ${JSON.stringify(body)}::json
    where user_id = ${userId} and client_id = ${clientId}::uuid`);
}

/** The claim is given up (the outcome was not final): the next request with the id decides it again. */
async function release(db: Db, userId: number, clientId: string) {
  await db.execute(sql`delete from ${answerReceipts}
    where user_id = ${userId} and client_id = ${clientId}::uuid and status is null`);
}

/** The kept outcome, as the first request answered it. */
function replay(r: Receipt, pebbleId: number): AnswerResponse {
  if (r.pebble_id !== pebbleId) throw validationError({ client_id: { rule: 'oneOf', params: {} } });
  if (r.status === 200) return r.body as AnswerResponse;
  const { message, code, ...extra } = r.body as ErrorBody;
  throw new HttpError(r.status ?? 500, code as ErrorCode, message, extra);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An answer made offline before the attempt was reset belongs to the attempt the reset ended (docs/offline.md). */
export const answerReset = () =>
  new HttpError(409, 'answer_reset', 'This answer was made before the trail was reset; it was not stored');

/**
 * Decides the answer once per client id (`decide` runs at most once per id while its outcome is kept); without an
 * id, `decide` runs as before.
 */
export async function answerOnce(
  db: Db,
  actor: Actor,
  pebbleId: number,
  clientId: string | undefined,
  decide: () => Promise<AnswerResponse>,
): Promise<AnswerResponse> {
  if (!clientId) return decide();
  const userId = actor.userId;
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const { claimed, resetAt } = await claim(db, userId, clientId, pebbleId);
    if (claimed) return decideOnce(db, userId, clientId, resetAt, decide);
    // another request holds the id: its outcome, once kept (a released or abandoned claim is claimed again)
    for (;;) {
      const r = await receipt(db, userId, clientId);
      if (!r || r.abandoned) break;
      if (r.status !== null || r.pebble_id !== pebbleId) return replay(r, pebbleId);
      if (Date.now() > until) throw new HttpError(409, 'answer_conflict', 'The answer is still being decided');
      await sleep(POLL_MS);
    }
  }
}

async function decideOnce(
  db: Db,
  userId: number,
  clientId: string,
  resetAt: Date | null,
  decide: () => Promise<AnswerResponse>,
): Promise<AnswerResponse> {
  try {
    if (resetAt && uuidV7Time(clientId) < resetAt.getTime()) throw answerReset();
    const response = await decide();
    await keep(db, userId, clientId, 200, response);
    return response;
  } catch (err) {
    if (isFinal(err)) await keep(db, userId, clientId, err.statusCode, err.toBody());
    else await release(db, userId, clientId).catch(() => undefined);
    throw err;
  }
}
