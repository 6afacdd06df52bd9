import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { trails } from './trails';
import { users } from './users';

/** The tool's signing keys (docs/lti.md): the newest unretired one signs; retired ones stay published a while. */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  kid: text().primaryKey(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** A platform (LMS) registered by a customer admin: launches from it land in that customer. */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    issuer: text().notNull(),
    clientId: text('client_id').notNull(),
    authUrl: text('auth_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    /** the origin that frames Cairn (Canvas: the school's host); null: the issuer's origin */
    frameOrigin: text('frame_origin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('lti_platforms_issuer_client_unique').on(t.issuer, t.clientId),
    index('lti_platforms_customer_idx').on(t.customerId),
  ],
);

export const ltiDeployments = pgTable(
  'lti_deployments',
  {
    platformId: integer('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    deploymentId: text('deployment_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.deploymentId] })],
);

/** What the login initiation remembers until the launch: state and nonce (used once), the browser's cookie hash. */
export const ltiLoginStates = pgTable(
  'lti_login_states',
  {
    state: text().primaryKey(),
    nonce: text().notNull(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    loginParams: jsonb('login_params').$type<Record<string, string>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('lti_login_states_expires_idx').on(t.expiresAt)],
);

/** A platform's user (its `sub`) and the Cairn account it signs in as. */
export const ltiUsers = pgTable(
  'lti_users',
  {
    platformId: integer('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    sub: text().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.sub] }), index('lti_users_user_idx').on(t.userId)],
);

/** A one-time code the launch hands to the web app, which exchanges it for a session (stored as a hash). */
export const ltiHandoffs = pgTable('lti_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  target: text().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A placement of a trail in a course: the platform's resource link, its AGS line item and NRPS memberships URL. */
export const ltiResourceLinks = pgTable(
  'lti_resource_links',
  {
    platformId: integer('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    resourceLinkId: text('resource_link_id').notNull(),
    deploymentId: text('deployment_id').notNull(),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    contextId: text('context_id'),
    lineitemUrl: text('lineitem_url'),
    scope: text().array().notNull().default([]),
    membershipsUrl: text('memberships_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.resourceLinkId] })],
);

/** A learner launched through a graded resource link: their completions of its trail are posted there. */
export const ltiGradeTargets = pgTable(
  'lti_grade_targets',
  {
    platformId: integer('platform_id').notNull(),
    resourceLinkId: text('resource_link_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    sub: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.platformId, t.resourceLinkId, t.userId] }),
    foreignKey({
      columns: [t.platformId, t.resourceLinkId],
      foreignColumns: [ltiResourceLinks.platformId, ltiResourceLinks.resourceLinkId],
    }).onDelete('cascade'),
    index('lti_grade_targets_user_trail_idx').on(t.userId, t.trailId),
  ],
);

/** One score per attempt and resource link (the unique key): posted once through the job queue. */
export const ltiScores = pgTable(
  'lti_scores',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    platformId: integer('platform_id').notNull(),
    resourceLinkId: text('resource_link_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptKey: text('attempt_key').notNull(),
    scoreGiven: integer('score_given'),
    scoreMaximum: integer('score_maximum'),
    status: text().$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    tries: integer().notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('lti_scores_attempt_unique').on(t.platformId, t.resourceLinkId, t.userId, t.attemptKey),
    foreignKey({
      columns: [t.platformId, t.resourceLinkId],
      foreignColumns: [ltiResourceLinks.platformId, ltiResourceLinks.resourceLinkId],
    }).onDelete('cascade'),
  ],
);
