import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { countries } from './reference';
import { publicLinks, trails } from './trails';

export const roles = pgTable('roles', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull().unique(),
  level: integer().notNull(),
});

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    email: text(),
    passwordHash: text('password_hash'),
    firstname: text(),
    lastname: text(),
    mobile: text(),
    birth: date({ mode: 'string' }),
    nationalityId: integer('nationality_id').references(() => countries.id, { onDelete: 'set null' }),
    avatarUrl: text('avatar_url'),
    cover: text(),
    isRoot: boolean('is_root').notNull().default(false),
    isCoach: boolean('is_coach').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    isPaused: boolean('is_paused').notNull().default(false),
    language: text().notNull().default('en'),
    logins: integer().notNull().default(0),
    /** public users: the trail they were let in for */
    trailId: integer('trail_id').references(() => trails.id, { onDelete: 'set null' }),
    publicLinkId: text('public_link_id').references(() => publicLinks.id, { onDelete: 'set null' }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** when the user last opened the home (/games) and me screens: the `home` and `me` counters count what is newer */
    homeSeenAt: timestamp('home_seen_at', { withTimezone: true }),
    meSeenAt: timestamp('me_seen_at', { withTimezone: true }),
    /** when the web first showed "Your first reward!" (migration 0025): it shows once per user, not per tab */
    firstRewardSeenAt: timestamp('first_reward_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** set by a customer admin: sessions ended, sign-in refused until reactivated (migration 0017) */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** invited by an admin and not yet accepted (no password yet) */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
  },
  (t) => [
    // emails are unique among live accounts only, so a deleted account frees its address
    uniqueIndex('users_email_live_unique').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    index('users_customer_idx').on(t.customerId),
    // the coach list (migration 0011): a customer's learners by last name, first name, id
    index('users_coach_list_idx')
      .on(t.customerId, sql`lower(${t.lastname})`, sql`lower(${t.firstname})`, t.id)
      .where(sql`${t.deletedAt} is null and ${t.trailId} is null and ${t.publicLinkId} is null`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
