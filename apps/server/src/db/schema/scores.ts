import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { trails } from './trails';
import { users } from './users';

/**
 * A learner's tally on one trail in the current attempt: xp of passed pebbles, crowns of fully passed stages,
 * whether every pebble is answered. Kept by database triggers on pebble_states (migration 0011), so every way
 * an answer is stored or reset keeps it true; read by the leaderboards and the coach view (docs/me-and-coach.md).
 */
export const trailScores = pgTable(
  'trail_scores',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    xp: integer().notNull().default(0),
    crowns: integer().notNull().default(0),
    completed: boolean().notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.trailId] }),
    index('trail_scores_trail_xp_idx').on(t.trailId, sql`${t.xp} desc`, t.userId),
    index('trail_scores_trail_crowns_idx').on(t.trailId, sql`${t.crowns} desc`, t.userId),
    index('trail_scores_trail_completed_idx').on(t.trailId, sql`${t.completed} desc`, t.userId),
  ],
);

/**
 * A learner's totals over their trails (sums of trail_scores, and the number of trails assigned), kept by the
 * same triggers and by triggers on trail_assignments. One row per learner with a trail assigned or played.
 */
export const userScores = pgTable(
  'user_scores',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    xp: integer().notNull().default(0),
    crowns: integer().notNull().default(0),
    trailsCompleted: integer('trails_completed').notNull().default(0),
    trailsAssigned: integer('trails_assigned').notNull().default(0),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
  },
  (t) => [
    index('user_scores_customer_xp_idx').on(t.customerId, sql`${t.xp} desc`, t.userId),
    index('user_scores_customer_crowns_idx').on(t.customerId, sql`${t.crowns} desc`, t.userId),
    index('user_scores_customer_completed_idx').on(t.customerId, sql`${t.trailsCompleted} desc`, t.userId),
  ],
);
