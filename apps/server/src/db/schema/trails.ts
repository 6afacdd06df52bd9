import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { media } from './media';
import { users } from './users';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}
export interface PebbleStyle {
  color0: Rgb;
  color1: Rgb;
  color2: Rgb;
  color3: Rgb;
}
/** A media reference as the player gets it (optionMediaSchema). */
export interface MediaRef {
  type: 'image' | 'audio' | 'video';
  url: string;
  metadata?: { mimetype: string; src_url: string };
}
export interface RewardDecl {
  key: string;
  title: string;
  subtitle?: string | null;
  description?: string | null;
  prize_title?: string | null;
  prize_description?: string | null;
  experience?: number;
  media?: string | null;
  unlock: { on: 'trail_completed' | 'trail_passed' | 'xp_at_least' | 'stage_completed'; value?: string | number };
}
export interface CertificateDecl {
  title: string;
  when: 'passed' | 'completed';
}
export interface DimensionDecl {
  key: string;
  name: string;
}
/** Mineral settings the player sees (shape of mineralPropertiesSchema minus title/values/pool_id). */
export type MineralSettings = Record<string, unknown>;
/** Accepted answers of an input mineral; choice minerals keep correctness on their options. */
export type MineralCorrect = { values: string[] } | { sequence: number[] } | null;

/** A trail: its settings, package declarations (rewards, certificate, dimensions) and meta. */
export const trails = pgTable(
  'trails',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the package's own key, kept for export */
    key: text(),
    description: text(),
    iconUrl: text('icon_url'),
    gradient: integer().notNull().default(0),
    difficulty: text().notNull().default('easy'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    /** 0 = unlimited */
    triesTotal: integer('tries_total').notNull().default(0),
    passPercent: integer('pass_percent').notNull().default(100),
    // typed by hand: users references trails too, which TypeScript cannot infer in a cycle
    coachId: integer('coach_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    redirectUrl: text('redirect_url'),
    style: jsonb().$type<PebbleStyle>(),
    dimensions: jsonb().$type<DimensionDecl[]>().notNull().default([]),
    rewards: jsonb().$type<RewardDecl[]>().notNull().default([]),
    certificate: jsonb().$type<CertificateDecl>(),
    /** immediate | end | none (FEEDBACK_MODES); null = the trail type's default (feedbackModeOf) */
    feedbackMode: text('feedback_mode'),
    /** the package's `anonymous`: shared answers hide who gave them (docs/content-format.md, migration 0026) */
    anonymous: boolean().notNull().default(false),
  },
  (t) => [index('trails_customer_idx').on(t.customerId)],
);

/** A shared link that lets a visitor play one trail as a public user. */
export const publicLinks = pgTable('public_links', {
  id: text().primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  trailId: integer('trail_id')
    .notNull()
    .references(() => trails.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One step of a trail, in position order. */
export const pebbles = pgTable(
  'pebbles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    faIcon: text('fa_icon').notNull().default('fa-circle'),
    faIconBackground: text('fa_icon_background'),
    faIconBorder: text('fa_icon_border'),
    /** the stage (marker) the pebble belongs to; a crown per completed stage */
    stage: text(),
    xp: integer().notNull().default(0),
    canChangeAnswer: boolean('can_change_answer').notNull().default(true),
    isRequired: boolean('is_required').notNull().default(false),
    redirectUrl: text('redirect_url'),
    feedback: text(),
    style: jsonb().$type<PebbleStyle>(),
    background: jsonb().$type<MediaRef>(),
    /** peers rate the answers to this pebble (RBO, docs/ratings.md) */
    isRbo: boolean('is_rbo').notNull().default(false),
    /** the peers asked to rate must rate (their request popup cannot be dismissed) */
    rboMandatory: boolean('rbo_mandatory').notNull().default(false),
    /** how the rating is given: stars or the five emojis of §9 */
    rboScale: text('rbo_scale').notNull().default('stars'),
  },
  (t) => [index('pebbles_trail_idx').on(t.trailId, t.position)],
);

/** A question or interaction inside a pebble. */
export const minerals = pgTable(
  'minerals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pebbleId: integer('pebble_id')
      .notNull()
      .references(() => pebbles.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    type: text().notNull(),
    title: text().notNull(),
    required: boolean().notNull().default(false),
    /** answers are shared in a poll pool (pool_id = mineral id) */
    shared: boolean().notNull().default(false),
    /** assessment: a rating/opinion value adds to this dimension */
    dimension: text(),
    settings: jsonb().$type<MineralSettings>().notNull().default({}),
    correct: jsonb().$type<MineralCorrect>(),
  },
  (t) => [index('minerals_pebble_idx').on(t.pebbleId, t.position)],
);

/** An answer option of a choice, order or word-bubble mineral. */
export const mineralOptions = pgTable(
  'mineral_options',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    mineralId: integer('mineral_id')
      .notNull()
      .references(() => minerals.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    value: text().notNull(),
    media: jsonb().$type<MediaRef[]>(),
    correct: boolean().notNull().default(false),
    /** assessment: points this option adds per dimension key */
    scores: jsonb().$type<Record<string, number>>(),
  },
  (t) => [index('mineral_options_mineral_idx').on(t.mineralId, t.position)],
);

/** Who may play a trail (besides public users of its link). */
export const trailAssignments = pgTable(
  'trail_assignments',
  {
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the trail is listed but not playable before this day (UTC) */
    startsOn: date('starts_on', { mode: 'string' }),
    /** the day the trail is due (UTC); the daily job sends the due notices */
    dueOn: date('due_on', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.trailId, t.userId] }), index('trail_assignments_user_idx').on(t.userId)],
);

/** A learner's attempts at a trail. */
export const trailProgress = pgTable(
  'trail_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    triesUsed: integer('tries_used').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** when the attempt was last reset (set by a trigger of migration 0019 whenever started_at changes) */
    resetAt: timestamp('reset_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.trailId] })],
);

/** A learner's state on one pebble in the current attempt: opened, answered, passed. */
export const pebbleStates = pgTable(
  'pebble_states',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pebbleId: integer('pebble_id')
      .notNull()
      .references(() => pebbles.id, { onDelete: 'cascade' }),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    passed: boolean(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.pebbleId] }),
    index('pebble_states_user_trail_idx').on(t.userId, t.trailId),
  ],
);

/** A learner's answer to one mineral in the current attempt. */
export const mineralAnswers = pgTable(
  'mineral_answers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mineralId: integer('mineral_id')
      .notNull()
      .references(() => minerals.id, { onDelete: 'cascade' }),
    pebbleId: integer('pebble_id')
      .notNull()
      .references(() => pebbles.id, { onDelete: 'cascade' }),
    trailId: integer('trail_id')
      .notNull()
      .references(() => trails.id, { onDelete: 'cascade' }),
    options: jsonb().$type<number[]>(),
    value: text(),
    /** upload minerals: the media row (owned by the learner) */
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mineralId] }),
    index('mineral_answers_user_trail_idx').on(t.userId, t.trailId),
    index('mineral_answers_mineral_idx').on(t.mineralId),
  ],
);
