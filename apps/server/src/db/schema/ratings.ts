import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { pebbles } from './trails';
import { users } from './users';

/** A peer asked to rate a player's answer to an RBO pebble (docs/ratings.md); one per rater, pebble and player. */
export const rboRequests = pgTable(
  'rbo_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pebbleId: integer('pebble_id')
      .notNull()
      .references(() => pebbles.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    raterId: integer('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mandatory: boolean().notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** set when the rater rated */
    ratedAt: timestamp('rated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('rbo_requests_once_idx').on(t.pebbleId, t.playerId, t.raterId),
    index('rbo_requests_rater_idx').on(t.raterId, t.ratedAt),
  ],
);

/** A rating (1 to 5, with a comment) of a player's answer to an RBO pebble; one per rater and answer. */
export const rboRatings = pgTable(
  'rbo_ratings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pebbleId: integer('pebble_id')
      .notNull()
      .references(() => pebbles.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    raterId: integer('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint().notNull(),
    comment: text().notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rbo_ratings_once_idx').on(t.pebbleId, t.playerId, t.raterId),
    index('rbo_ratings_player_idx').on(t.playerId, t.pebbleId),
    check('rbo_ratings_scale', sql`${t.rating} between 1 and 5`),
    check('rbo_ratings_not_own', sql`${t.raterId} <> ${t.playerId}`),
  ],
);
