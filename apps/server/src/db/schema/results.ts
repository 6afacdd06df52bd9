import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { trails } from './trails';
import { users } from './users';

/** A reward a learner earned; its texts come from the trail's declaration (trails.rewards, by key). Never re-issued. */
export const userRewards = pgTable(
  'user_rewards',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    rewardKey: text('reward_key').notNull(),
    achievedAt: timestamp('achieved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_rewards_once_idx').on(t.userId, t.trailId, t.rewardKey),
    index('user_rewards_user_idx').on(t.userId, t.achievedAt),
  ],
);

/** A certificate issued to a learner for a trail (one per trail); the PDF is rendered once, on first need. */
export const userCertificates = pgTable(
  'user_certificates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    pdfUrl: text('pdf_url'),
    /** when its NOTIFY_CERTIFICATE was sent (with the PDF); null until the certificates job has rendered it */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_certificates_once_idx').on(t.userId, t.trailId),
    index('user_certificates_unnotified_idx').on(t.id).where(sql`${t.notifiedAt} is null`),
  ],
);

/** The generated results PDF of a learner's attempt at a trail (the trail's `pdf` while `attempt` is the current one). */
export const resultPdfs = pgTable(
  'result_pdfs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    /** trail_progress.tries_used when it was made: a reset starts a new attempt, whose results differ */
    attempt: integer().notNull(),
    pdfUrl: text('pdf_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.trailId] })],
);

/** A notification in a user's list (§3 Notification); `data` holds the event's fields. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
