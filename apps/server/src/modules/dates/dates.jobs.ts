import { DUE_DATE, START_DATE } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plusDays, utcDay } from '../../lib/days';
import { createNotification, emitOnCommit } from '../notifications/notifications.service';

export const DATE_NOTICES_JOB = 'dates:notices';

/** The notices of the daily job: which assignment date, how many days ahead, which event and type. */
const KINDS = [
  { kind: 'due_one_day', column: 'due_on', ahead: 1, event: DUE_DATE, type: 'one_day' },
  { kind: 'due_zero_day', column: 'due_on', ahead: 0, event: DUE_DATE, type: 'zero_day' },
  { kind: 'start_zero_day', column: 'starts_on', ahead: 0, event: START_DATE, type: 'zero_day' },
  { kind: 'start_two_days', column: 'starts_on', ahead: 2, event: START_DATE, type: 'two_days' },
] as const;

/**
 * The due and start notices of `today` (UTC; docs/battles.md): per user and kind one notice listing the trails
 * (id, name) that are due tomorrow / today (not yet completed) or start today / in two days. Each is claimed in
 * date_notices (user, kind, day) before it is stored and emitted, in one transaction: however often the job runs
 * that day, on however many instances, a user gets each notice once.
 */
export async function runDateNotices(db: Db, today: string = utcDay()): Promise<{ sent: number }> {
  let sent = 0;
  for (const k of KINDS) {
    const day = plusDays(today, k.ahead);
    const notDone =
      k.column === 'due_on'
        ? sql`and not exists (select 1 from trail_progress tp where tp.user_id = ta.user_id
                                and tp.trail_id = ta.trail_id and tp.completed_at is not null)`
        : sql``;
    await db.transaction(async (tx) => {
      const res = await tx.execute<{ user_id: number; trails: { id: number; name: string }[] }>(sql`
        with targets as (
          select ta.user_id, json_agg(json_build_object('id', t.id, 'name', t.name) order by t.id) as trails
          from trail_assignments ta
          join trails t on t.id = ta.trail_id
          join users u on u.id = ta.user_id and u.deleted_at is null and not u.is_paused
          where ${sql.raw(`ta.${k.column}`)} = ${day}::date ${notDone}
          group by ta.user_id
        ), claimed as (
          insert into date_notices (user_id, kind, day)
          select user_id, ${k.kind}, ${today}::date from targets
          on conflict do nothing returning user_id
        )
        select c.user_id, t.trails from claimed c join targets t on t.user_id = c.user_id order by c.user_id`);
      for (const r of res.rows) {
        // the stored notice and the live event carry the same data, typed by the event's kind
        let id: number;
        if (k.event === DUE_DATE) {
          const data = { type: k.type, trails: r.trails };
          id = await createNotification(tx, r.user_id, DUE_DATE, data);
          await emitOnCommit(tx, r.user_id, DUE_DATE, data);
        } else {
          const data = { type: k.type, trails: r.trails };
          id = await createNotification(tx, r.user_id, START_DATE, data);
          await emitOnCommit(tx, r.user_id, START_DATE, data);
        }
        await tx.execute(sql`update date_notices set notification_id = ${id}
                             where user_id = ${r.user_id} and kind = ${k.kind} and day = ${today}::date`);
        sent++;
      }
    });
  }
  return { sent };
}
