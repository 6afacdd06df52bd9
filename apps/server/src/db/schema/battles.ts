import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { notifications } from './results';
import { pebbles, trails } from './trails';
import { users } from './users';

/** One mineral's answer as a battle stores it. */
export type BattleAnswerContent = { mineralId: number; options: number[] | null; value: string | null };

/**
 * A battle (§3 Battle, docs/battles.md): a challenger against a contender on one battle trail.
 * status: challenged (waits for the contender) → accepted (both play) → finished; or declined.
 */
export const battles = pgTable(
  'battles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    challengerId: integer('challenger_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contenderId: integer('contender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().notNull().default('challenged'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** when the current contender was challenged (a replacement restarts the wait) */
    challengedAt: timestamp('challenged_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** accepted battles finish at the latest then; the side that has not answered forfeits the rest */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    challengerDoneAt: timestamp('challenger_done_at', { withTimezone: true }),
    contenderDoneAt: timestamp('contender_done_at', { withTimezone: true }),
    challengerScore: integer('challenger_score').notNull().default(0),
    contenderScore: integer('contender_score').notNull().default(0),
    /** null on a draw or before the end */
    winnerId: integer('winner_id').references(() => users.id, { onDelete: 'set null' }),
    /** the scheduled reminders, each sent once (set by the conditional update that sends it) */
    challengeRemindedAt: timestamp('challenge_reminded_at', { withTimezone: true }),
    finishRemindedAt: timestamp('finish_reminded_at', { withTimezone: true }),
    /** contenders replaced so far after timing out */
    replacements: integer().notNull().default(0),
  },
  (t) => [
    index('battles_challenger_idx').on(t.challengerId, t.createdAt),
    index('battles_contender_idx').on(t.contenderId, t.createdAt),
    index('battles_open_idx').on(t.status).where(sql`${t.status} in ('challenged', 'accepted')`),
    // one open battle per pair and trail, whoever challenged whom (the 409 of a second challenge, race-free)
    uniqueIndex('battles_open_pair_idx')
      .on(
        t.trailId,
        sql`least(${t.challengerId}, ${t.contenderId})`,
        sql`greatest(${t.challengerId}, ${t.contenderId})`,
      )
      .where(sql`${t.status} in ('challenged', 'accepted')`),
  ],
);

/** A player's counted answer to one battle pebble: the first acknowledged one counts, a repeat is ignored. */
export const battleAnswers = pgTable(
  'battle_answers',
  {
    battleId: integer('battle_id')
      .notNull()
      .references(() => battles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pebbleId: integer('pebble_id')
      .notNull()
      .references(() => pebbles.id, { onDelete: 'cascade' }),
    passed: boolean().notNull(),
    points: integer().notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
    /** what was answered (the reveal shows it even after the trail is played again) */
    answers: jsonb().$type<BattleAnswerContent[]>(),
    /** arrived after the player's time limit: scores 0 */
    late: boolean().notNull().default(false),
    /** the part of `points` that is speed bonus (only when the package asks for it) */
    speedPoints: integer('speed_points').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.battleId, t.userId, t.pebbleId] })],
);

/**
 * A due-date or start-date notice sent (kind: due_one_day, due_zero_day, start_zero_day, start_two_days) to a user
 * for a day: the daily job inserts it first, so running the job twice or on two instances sends it once.
 */
export const dateNotices = pgTable(
  'date_notices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.day] })],
);
