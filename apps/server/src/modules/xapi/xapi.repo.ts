import type { MineralType, TrailType } from '@cairn/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { mineralOptions, minerals, pebbles, trails, users, xapiOutbox, xapiSettings } from '../../db/schema';

export type XapiSettingsRow = typeof xapiSettings.$inferSelect;

/** One outbox row as the sender reads it. */
export interface OutboxRow {
  id: number;
  customer_id: number;
  statement_id: string;
  kind: 'initialized' | 'answered' | 'completed' | 'rated';
  user_id: number;
  trail_id: number;
  pebble_id: number | null;
  data: Record<string, unknown>;
  occurred_at: Date | string;
  attempts: number;
}

export async function loadSettings(db: Db | Tx, customerId: number): Promise<XapiSettingsRow | null> {
  const [row] = await db.select().from(xapiSettings).where(eq(xapiSettings.customerId, customerId));
  return row ?? null;
}

/** The outbox's counts for the settings screen: one statement. */
export async function queueStats(db: Db | Tx, customerId: number) {
  const res = await db.execute<{
    pending: number;
    sent: number;
    failed: number;
    last_error: string | null;
    last_sent_at: Date | string | null;
  }>(sql`
    select count(*) filter (where sent_at is null and failed_at is null)::int as pending,
           count(*) filter (where sent_at is not null)::int as sent,
           count(*) filter (where failed_at is not null)::int as failed,
           (select last_error from xapi_outbox where customer_id = ${customerId} and last_error is not null
              and sent_at is null order by id desc limit 1) as last_error,
           max(sent_at) as last_sent_at
    from xapi_outbox where customer_id = ${customerId}`);
  return res.rows[0];
}

/** Customers with statements due now (at most `limit`), oldest first. */
export async function customersDue(db: Db, limit: number): Promise<number[]> {
  const res = await db.execute<{ customer_id: number }>(sql`
    select customer_id from (
      select customer_id, min(id) as first from xapi_outbox
      where sent_at is null and failed_at is null and next_attempt_at <= now()
      group by customer_id) d
    order by first limit ${limit}`);
  return res.rows.map((r) => r.customer_id);
}

/**
 * Claims the next `limit` due statements of a customer, in order: their next attempt moves `leaseSeconds` ahead, so
 * another process skips them while this one sends, and a process that dies mid-send leaves them due again later.
 */
export async function claimBatch(
  db: Db,
  customerId: number,
  limit: number,
  leaseSeconds: number,
): Promise<OutboxRow[]> {
  const res = await db.execute<OutboxRow & Record<string, unknown>>(sql`
    with due as (
      select id from xapi_outbox
      where customer_id = ${customerId} and sent_at is null and failed_at is null and next_attempt_at <= now()
      order by id limit ${limit} for update skip locked)
    update xapi_outbox o set attempts = o.attempts + 1,
      next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    from due where o.id = due.id
    returning o.id::int as id, o.customer_id, o.statement_id::text as statement_id, o.kind, o.user_id, o.trail_id,
      o.pebble_id, o.data, o.occurred_at, o.attempts`);
  return [...res.rows].sort((a, b) => a.id - b.id);
}

export async function markSent(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(xapiOutbox).set({ sentAt: sql`now()`, lastError: null }).where(inArray(xapiOutbox.id, ids));
}

/** Refused for good (an invalid statement, or the LRS refused the batch as malformed): kept, with the reason. */
export async function markFailed(db: Db, ids: number[], error: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(xapiOutbox)
    .set({ failedAt: sql`now()`, lastError: error.slice(0, 1000) })
    .where(inArray(xapiOutbox.id, ids));
}

/** Not delivered this time: due again after a backoff that doubles with each attempt (capped). */
export async function markRetry(db: Db, rows: OutboxRow[], error: string, baseMs: number, capMs: number) {
  for (const r of rows) {
    const ms = Math.min(capMs, baseMs * 2 ** Math.max(0, r.attempts - 1));
    await db.execute(sql`update xapi_outbox set last_error = ${error.slice(0, 1000)},
      next_attempt_at = now() + make_interval(secs => ${ms / 1000}) where id = ${r.id}`);
  }
}

export interface StatementContent {
  trails: Map<number, { id: number; name: string; type: TrailType; passPercent: number }>;
  pebbles: Map<number, { id: number; name: string; trailId: number }>;
  minerals: Map<
    number,
    {
      id: number;
      pebbleId: number;
      type: MineralType;
      title: string;
      settings: Record<string, unknown>;
      correct: { values: string[] } | { sequence: number[] } | null;
      options: { id: number; value: string; correct: boolean }[];
    }
  >;
  users: Map<number, { id: number; email: string | null }>;
}

/** What a batch's statements name: its trails, pebbles, minerals with options, and users — five reads per batch. */
export async function loadContent(db: Db, rows: OutboxRow[]): Promise<StatementContent> {
  const trailIds = [...new Set(rows.map((r) => r.trail_id))];
  const pebbleIds = [...new Set(rows.flatMap((r) => (r.pebble_id === null ? [] : [r.pebble_id])))];
  const userIds = [...new Set(rows.map((r) => r.user_id))];
  const [t, p, m, u] = await Promise.all([
    trailIds.length
      ? db
          .select({ id: trails.id, name: trails.name, type: trails.type, passPercent: trails.passPercent })
          .from(trails)
          .where(inArray(trails.id, trailIds))
      : [],
    pebbleIds.length
      ? db
          .select({ id: pebbles.id, name: pebbles.name, trailId: pebbles.trailId })
          .from(pebbles)
          .where(inArray(pebbles.id, pebbleIds))
      : [],
    pebbleIds.length ? db.select().from(minerals).where(inArray(minerals.pebbleId, pebbleIds)) : [],
    db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds)),
  ]);
  const options = m.length
    ? await db
        .select()
        .from(mineralOptions)
        .where(
          inArray(
            mineralOptions.mineralId,
            m.map((x) => x.id),
          ),
        )
        .orderBy(mineralOptions.mineralId, mineralOptions.position)
    : [];
  return {
    trails: new Map(t.map((x) => [x.id, { ...x, type: x.type as TrailType }])),
    pebbles: new Map(p.map((x) => [x.id, x])),
    minerals: new Map(
      m.map((x) => [
        x.id,
        {
          id: x.id,
          pebbleId: x.pebbleId,
          type: x.type as MineralType,
          title: x.title,
          settings: (x.settings ?? {}) as Record<string, unknown>,
          correct: x.correct ?? null,
          options: options
            .filter((o) => o.mineralId === x.id)
            .map((o) => ({ id: o.id, value: o.value, correct: o.correct })),
        },
      ]),
    ),
    users: new Map(u.map((x) => [x.id, x])),
  };
}
