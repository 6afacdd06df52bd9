import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { battles } from './battles';
import { pebbles, trails } from './trails';
import { users } from './users';

/** A battle trail's timing from its package (`battle.seconds_per_question`, `battle.speed_bonus`; docs/battles.md). */
export const battleSettings = pgTable('battle_settings', {
  trailId: integer('trail_id')
    .primaryKey()
    .references(() => trails.id, { onDelete: 'cascade' }),
  /** null: no time limit (the default) */
  secondsPerQuestion: integer('seconds_per_question'),
  speedBonus: boolean('speed_bonus').notNull().default(false),
});

/** When the server first served a battle question to a player: the clock a time limit is measured on. */
export const battleServes = pgTable(
  'battle_serves',
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
    servedAt: timestamp('served_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'battle_serves_pk', columns: [t.battleId, t.userId, t.pebbleId] })],
);

/** A learner's extended-time need (WCAG 2.2.1), set by their coach: x1.5, x2 or untimed. */
export const timeNeeds = pgTable('time_needs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  extendedTime: text('extended_time').notNull(),
  setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
});
