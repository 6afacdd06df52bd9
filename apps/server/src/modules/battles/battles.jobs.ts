import { BATTLE_RULES } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type BattleRow, eligibleSql, loadBattle, nameSql } from './battles.repo';
import { finishBattle, notifyBattle } from './battles.service';

export const BATTLE_SWEEP_JOB = 'battles:sweep';
const HOUR = 3600_000;
const ago = (now: Date, hours: number) => new Date(now.getTime() - hours * HOUR);

export interface SweepResult {
  challengeReminders: number;
  finishReminders: number;
  replaced: number;
  expired: number;
  finished: number;
}

/**
 * Picks, for battle `b` (locked), the battles rule's replacement contender: an eligible learner of the customer
 * on the trail who is neither side, has no open battle with the challenger on it, and has played the fewest
 * battles; null when there is none.
 */
async function replacementFor(
  tx: Tx,
  b: BattleRow,
): Promise<{ id: number; name: string; avatar: string | null } | null> {
  const res = await tx.execute<{ id: number; name: string; avatar: string | null }>(sql`
    select u.id, ${nameSql('u')} as name, u.avatar_url as avatar from users u
    where ${eligibleSql(b.customer_id, b.trail_id)} and u.id not in (${b.challenger_id}, ${b.contender_id})
      and not exists (select 1 from battles o where o.trail_id = ${b.trail_id} and o.status in ('challenged', 'accepted')
                        and ((o.challenger_id = ${b.challenger_id} and o.contender_id = u.id)
                          or (o.contender_id = ${b.challenger_id} and o.challenger_id = u.id)))
    order by (select count(*) from battles x where x.challenger_id = u.id or x.contender_id = u.id), u.id
    limit 1`);
  return res.rows[0] ?? null;
}

/**
 * The battles job (docs/battles.md), run every minute by the scheduler; `now` lets tests move the clock.
 * Every step claims its rows with a conditional update (or a row lock that skips rows another run holds) in
 * the transaction that sends the notifications, so a second run — or a run on another instance at the same
 * time — finds nothing left to send: each reminder and each end is sent once.
 */
export async function runBattleSweep(db: Db, now: Date = new Date()): Promise<SweepResult> {
  const out: SweepResult = { challengeReminders: 0, finishReminders: 0, replaced: 0, expired: 0, finished: 0 };

  // 1. reminder_challenge: a challenge unanswered for 24 h, to the contender
  await db.transaction(async (tx) => {
    const claimed = await tx.execute<{ id: number }>(sql`
      update battles set challenge_reminded_at = ${now}
      where status = 'challenged' and challenge_reminded_at is null
        and challenged_at <= ${ago(now, BATTLE_RULES.challengeReminderHours)}
      returning id`);
    for (const { id } of claimed.rows) {
      const b = (await loadBattle(tx, id))!;
      await notifyBattle(tx, b.contender_id, 'reminder_challenge', b, {
        name: b.challenger_name,
        avatar: b.challenger_avatar,
      });
      out.challengeReminders++;
    }
  });

  // 2. reminder_finish: an accepted battle unfinished 24 h after acceptance, to each side still playing
  await db.transaction(async (tx) => {
    const claimed = await tx.execute<{ id: number }>(sql`
      update battles set finish_reminded_at = ${now}
      where status = 'accepted' and finish_reminded_at is null
        and accepted_at <= ${ago(now, BATTLE_RULES.finishReminderHours)}
      returning id`);
    for (const { id } of claimed.rows) {
      const b = (await loadBattle(tx, id))!;
      if (!b.challenger_done_at) {
        await notifyBattle(tx, b.challenger_id, 'reminder_finish', b, {
          name: b.contender_name,
          avatar: b.contender_avatar,
        });
        out.finishReminders++;
      }
      if (!b.contender_done_at) {
        await notifyBattle(tx, b.contender_id, 'reminder_finish', b, {
          name: b.challenger_name,
          avatar: b.challenger_avatar,
        });
        out.finishReminders++;
      }
    }
  });

  // 3. a challenge unanswered for 48 h: another contender (oppenent_changed), or declined when there is none
  await db.transaction(async (tx) => {
    const due = await tx.execute<{ id: number }>(sql`
      select id from battles
      where status = 'challenged' and challenged_at <= ${ago(now, BATTLE_RULES.challengeTimeoutHours)}
      order by id for update skip locked`);
    for (const { id } of due.rows) {
      const b = (await loadBattle(tx, id))!;
      const next = b.replacements < BATTLE_RULES.maxReplacements ? await replacementFor(tx, b) : null;
      if (next) {
        await tx.execute(sql`
          update battles set contender_id = ${next.id}, challenged_at = ${now}, challenge_reminded_at = null,
                             replacements = replacements + 1
          where id = ${id}`);
        const moved = (await loadBattle(tx, id))!;
        await notifyBattle(tx, b.challenger_id, 'oppenent_changed', moved, next, b.contender_name);
        await notifyBattle(tx, next.id, 'challenge', moved, { name: b.challenger_name, avatar: b.challenger_avatar });
        out.replaced++;
      } else {
        await tx.execute(sql`update battles set status = 'declined', declined_at = ${now} where id = ${id}`);
        await notifyBattle(tx, b.challenger_id, 'declined', b, { name: b.contender_name, avatar: b.contender_avatar });
        out.expired++;
      }
    }
  });

  // 4. accepted battles past their deadline end; the side that has not answered forfeits the rest
  const overdue = await db.execute<{ id: number }>(sql`
    select id from battles where status = 'accepted' and deadline_at <= ${now}`);
  for (const { id } of overdue.rows) {
    const ended = await db.transaction(async (tx) => {
      const locked = await tx.execute<{ id: number }>(sql`
        select id from battles where id = ${id} and status = 'accepted' and deadline_at <= ${now}
        for update skip locked`);
      if (locked.rows.length === 0) return false;
      await finishBattle(tx, (await loadBattle(tx, id))!);
      return true;
    });
    if (ended) out.finished++;
  }
  return out;
}
