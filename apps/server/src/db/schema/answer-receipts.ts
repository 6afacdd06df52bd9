import { index, integer, json, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The outcome of an answer sent with a client-made id (migration 0019, docs/offline.md): claimed by the first
 * request (the primary key decides between concurrent duplicates), its status and body kept once decided, so a
 * repeated id is answered with the first outcome and stores nothing.
 */
export const answerReceipts = pgTable(
  'answer_receipts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    pebbleId: integer('pebble_id').notNull(),
    /** null while the claiming request decides the answer */
    status: integer(),
    body: json(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] }), index('answer_receipts_claimed_at_idx').on(t.claimedAt)],
);
