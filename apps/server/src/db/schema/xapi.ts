import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { users } from './users';

/** A customer's Learning Record Store (docs/xapi.md); off until an admin turns it on. The secret is never sent back. */
export const xapiSettings = pgTable('xapi_settings', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  /** the LRS's base URL; statements go to `${endpoint}/statements` */
  endpoint: text().notNull(),
  authKind: text('auth_kind').$type<'basic' | 'oauth'>().notNull().default('basic'),
  /** Basic: the key; OAuth: the client id */
  username: text().notNull().default(''),
  /** Basic: the secret; OAuth: the client secret */
  secret: text().notNull().default(''),
  /** OAuth 2 client-credentials token endpoint */
  tokenUrl: text('token_url'),
  /** the actor carries the learner's e-mail (mbox) besides the account; off by default */
  actorEmail: boolean('actor_email').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type XapiKind = 'initialized' | 'answered' | 'completed' | 'rated';

/**
 * A statement waiting for (or delivered to) the customer's LRS. Written by the triggers of migration 0022 in the
 * learner's own transaction; `statement_id` is the statement's id, so a resend after a crash or an outage is the same
 * statement and the LRS keeps it once.
 */
export const xapiOutbox = pgTable(
  'xapi_outbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    statementId: uuid('statement_id').notNull().unique().defaultRandom(),
    kind: text().$type<XapiKind>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trailId: integer('trail_id').notNull(),
    pebbleId: integer('pebble_id'),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('xapi_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('xapi_outbox_customer_idx').on(t.customerId, t.id),
  ],
);
