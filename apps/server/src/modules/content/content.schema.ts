// The mineral type lists (INPUT_TYPES, OPTION_TYPES, MULTI_TYPES, OPTION_MEDIA_KIND) live in the shared rulebook,
// packages/shared/src/minerals/rulebook.ts, so the player module no longer imports the content schema.
import {
  boundedString,
  DIFFICULTIES,
  EMAIL_MAX,
  FEEDBACK_MODES,
  isHttpUrl,
  MINERAL_TYPES,
  TRAIL_TYPES,
  URL_MAX,
} from '@cairn/shared';
import { z } from 'zod';

/** Where the learner goes after the trail or pebble: an absolute http(s) URL only (never javascript:, data: …). */
const redirectUrl = boundedString(URL_MAX).refine(isHttpUrl, 'an absolute http:// or https:// URL');

/** The format marker every package starts with. */
export const PACKAGE_FORMAT = 'cairn-trail/1' as const;

const rgb = z.strictObject({
  r: z.number().int().min(0).max(255),
  g: z.number().int().min(0).max(255),
  b: z.number().int().min(0).max(255),
});
const styleDecl = z.strictObject({ color0: rgb, color1: rgb, color2: rgb, color3: rgb });
/** a file path relative to the package, or /files/… for a file already in storage (what export writes) */
const mediaPath = z.string().min(1);

const valueDecl = z.strictObject({
  value: z.string().min(1),
  correct: z.boolean().optional(),
  media: mediaPath.optional(),
  scores: z.record(z.string(), z.number()).optional(),
});

const mineralDecl = z.strictObject({
  type: z.enum(MINERAL_TYPES),
  title: z.string().min(1),
  description: z.string().optional(),
  media: z.array(mediaPath).optional(),
  required: z.boolean().default(true),
  values: z.array(z.union([z.string().min(1), valueDecl])).optional(),
  select_limit: z.number().int().min(0).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  label_left: z.string().optional(),
  label_center: z.string().optional(),
  label_right: z.string().optional(),
  label_1: z.string().optional(),
  label_2: z.string().optional(),
  label_3: z.string().optional(),
  label_4: z.string().optional(),
  label_5: z.string().optional(),
  style: z.enum(['thumb', 'numbers', 'stars', 'emojis', 'text', 'opinion']).optional(),
  correct: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()])).min(1)]).optional(),
  shared: z.boolean().optional(),
  dimension: z.string().optional(),
});

const pebbleDecl = z.strictObject({
  name: z.string().min(1),
  icon: z.string().default('fa-circle'),
  icon_background: z.string().optional(),
  icon_border: z.string().optional(),
  stage: z.string().min(1).optional(),
  xp: z.number().int().min(0).default(0),
  can_change_answer: z.boolean().default(true),
  required: z.boolean().optional(),
  redirect_url: redirectUrl.optional(),
  feedback: z.string().optional(),
  style: styleDecl.optional(),
  background: mediaPath.optional(),
  /** peers rate the answers (RBO, docs/ratings.md); `rbo_mandatory`: the raters must rate; `rbo_scale`: stars or emojis */
  is_rbo: z.boolean().default(false),
  rbo_mandatory: z.boolean().default(false),
  rbo_scale: z.enum(['stars', 'emojis']).default('stars'),
  minerals: z.array(mineralDecl).min(1, 'at least 1 mineral'),
});

const rewardDecl = z.strictObject({
  key: z.string().min(1),
  title: z.string().min(1),
  subtitle: z.string().optional(),
  description: z.string().optional(),
  prize_title: z.string().optional(),
  prize_description: z.string().optional(),
  experience: z.number().int().min(0).optional(),
  media: mediaPath.optional(),
  unlock: z.strictObject({
    on: z.enum(['trail_completed', 'trail_passed', 'xp_at_least', 'stage_completed']),
    value: z.union([z.string(), z.number()]).optional(),
  }),
});

/**
 * An assignment date: a day (YYYY-MM-DD, UTC) or a number of days from the import day ("+1" tomorrow, "0"
 * today, "-2"), so demo and test packages stay relative to when they are seeded.
 */
export const assignmentDay = z.union([
  z.iso.date(),
  boundedString(5).regex(/^[+-]?\d{1,4}$/, 'a date (YYYY-MM-DD) or days from the import day (+1, 0, -2)'),
  z.number().int().min(-9999).max(9999),
]);
export type AssignmentDay = z.infer<typeof assignmentDay>;

/** A trail content package as written in YAML or JSON (docs/content-format.md). */
export const trailPackageSchema = z.strictObject({
  format: z.literal(PACKAGE_FORMAT),
  key: z.string().min(1).optional(),
  name: z.string().min(1),
  type: z.enum(TRAIL_TYPES),
  description: z.string().optional(),
  icon: mediaPath.optional(),
  gradient: z.number().int().min(0).max(11).default(0),
  difficulty: z.enum(DIFFICULTIES).default('easy'),
  duration: z
    .strictObject({
      days: z.number().int().min(0).optional(),
      hours: z.number().int().min(0).optional(),
      minutes: z.number().int().min(0).optional(),
      seconds: z.number().int().min(0).optional(),
    })
    .optional(),
  tries: z.number().int().min(0).default(0),
  /** the assignees may play from this day on (listed but locked before: 423 trail_not_started) */
  starts_on: assignmentDay.optional(),
  /** the assignees should complete it by this day (DUE_DATE notices the day before and on the day) */
  due_on: assignmentDay.optional(),
  pass_percent: z.number().int().min(0).max(100).optional(),
  coach: boundedString(EMAIL_MAX).pipe(z.email()).optional(),
  redirect_url: redirectUrl.optional(),
  /** when the learner sees right or wrong (docs/player.md): unset = immediate for exams and battles, else none */
  feedback: z.enum(FEEDBACK_MODES).optional(),
  /** shared answers (polls) are shown without the answerers' names and avatars (docs/content-format.md) */
  anonymous: z.boolean().optional(),
  style: styleDecl.optional(),
  dimensions: z.array(z.strictObject({ key: z.string().min(1), name: z.string().min(1) })).default([]),
  rewards: z.array(rewardDecl).default([]),
  certificate: z.strictObject({ title: z.string().min(1), when: z.enum(['passed', 'completed']) }).optional(),
  /** battle trails only: a time limit per question (off by default) and speed points (docs/battles.md) */
  battle: z
    .strictObject({
      seconds_per_question: z.number().int().min(5).max(600).optional(),
      speed_bonus: z.boolean().default(false),
    })
    .optional(),
  pebbles: z.array(pebbleDecl).min(1, 'at least 1 pebble'),
});
export type TrailPackage = z.infer<typeof trailPackageSchema>;
export type MineralDecl = z.infer<typeof mineralDecl>;
export type ValueDecl = z.infer<typeof valueDecl>;

/** Normalises a value declaration: plain strings are options without extras. */
export function optionOf(v: string | ValueDecl): ValueDecl {
  return typeof v === 'string' ? { value: v } : v;
}
