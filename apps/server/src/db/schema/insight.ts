import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { minerals, pebbles, trails } from './trails';
import { users } from './users';

/**
 * Coach insight (docs/insight.md, migration 0020): each learner's latest complete attempt on a trail, captured by
 * database triggers when it completes or one of its answers changes; the running sums below move with it.
 */
export const insightAttempts = pgTable(
  'insight_attempts',
  {
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Σ weight × fraction over the trail's pebbles */
    total: doublePrecision().notNull(),
    seconds: doublePrecision(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    /** the trail's pebbles in position order, and 1 (passed) or 0 for each */
    pebbleIds: integer('pebble_ids').array().notNull(),
    fractions: doublePrecision().array().notNull(),
    /** each option chosen (its id) or rating/opinion value given, with its mineral and pebble */
    choicePebbles: integer('choice_pebbles').array().notNull(),
    choiceMinerals: integer('choice_minerals').array().notNull(),
    choiceKeys: text('choice_keys').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.trailId, t.userId] }), index('insight_attempts_user_idx').on(t.userId)],
);

/** Per trail: attempts n, Σy, Σy² of the totals y. */
export const insightTrails = pgTable('insight_trails', {
  trailId: integer('trail_id')
    .primaryKey()
    .references(() => trails.id, { onDelete: 'cascade' }),
  n: integer().notNull().default(0),
  sumY: doublePrecision('sum_y').notNull().default(0),
  sumY2: doublePrecision('sum_y2').notNull().default(0),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per pebble: n, Σf, Σf², Σf·y of its fraction f (1 passed, 0 not) and the attempt's total y. */
export const insightItems = pgTable(
  'insight_items',
  {
    pebbleId: integer('pebble_id')
      .primaryKey()
      .references(() => pebbles.id, { onDelete: 'cascade' }),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    n: integer().notNull().default(0),
    sumF: doublePrecision('sum_f').notNull().default(0),
    sumF2: doublePrecision('sum_f2').notNull().default(0),
    sumFy: doublePrecision('sum_fy').notNull().default(0),
  },
  (t) => [index('insight_items_trail_idx').on(t.trailId)],
);

/** Per option chosen (or value given): n, Σy, Σy² of the choosers' totals, Σf of their fraction on the pebble. */
export const insightChoices = pgTable(
  'insight_choices',
  {
    mineralId: integer('mineral_id')
      .notNull()
      .references(() => minerals.id, { onDelete: 'cascade' }),
    choice: text().notNull(),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    pebbleId: integer('pebble_id').notNull(),
    n: integer().notNull().default(0),
    sumY: doublePrecision('sum_y').notNull().default(0),
    sumY2: doublePrecision('sum_y2').notNull().default(0),
    sumF: doublePrecision('sum_f').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.mineralId, t.choice] }), index('insight_choices_trail_idx').on(t.trailId)],
);

/** The figures the settling job computes (efficiency, median, moments, thirds), with when. */
export const insightSettled = pgTable('insight_settled', {
  trailId: integer('trail_id')
    .primaryKey()
    .references(() => trails.id, { onDelete: 'cascade' }),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  n: integer().notNull(),
  figures: jsonb().notNull(),
});

/** The drop-off funnel: current attempts that reached (opened) and answered each pebble, in 16 shards per pebble. */
export const insightFunnel = pgTable(
  'insight_funnel',
  {
    pebbleId: integer('pebble_id')
      .notNull()
      .references(() => pebbles.id, { onDelete: 'cascade' }),
    shard: smallint().notNull(),
    trailId: integer('trail_id').notNull(),
    reached: integer().notNull().default(0),
    answered: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pebbleId, t.shard] }), index('insight_funnel_trail_idx').on(t.trailId)],
);

/**
 * The funnel's moves not yet folded into it: one row per pebble opened (reached +1), answered (+1) or reset (-1),
 * inserted by the pebble-state triggers and never updated, so that learners opening and answering the same pebble
 * never wait on one another (migration 0027). The insight read adds them; each insight:settle run folds them in.
 */
export const insightFunnelMoves = pgTable(
  'insight_funnel_moves',
  {
    pebbleId: integer('pebble_id').notNull(),
    trailId: integer('trail_id').notNull(),
    reached: smallint().notNull(),
    answered: smallint().notNull(),
  },
  (t) => [index('insight_funnel_moves_trail_idx').on(t.trailId)],
);
