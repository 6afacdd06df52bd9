import { z } from 'zod';
import { ANSWER_VALUE_MAX, DIFFICULTIES, MINERAL_TYPES, TRAIL_TYPES } from '../minerals';
import { rgbSchema } from './accounts';
import { battleSchema } from './battles';
import { int4 } from './ids';
import { RBO_SCALES, rboResultsSchema } from './ratings';

export * from '../minerals';

export const optionMediaSchema = z.object({
  type: z.enum(['image', 'audio', 'video']),
  url: z.string(),
  thumbnails: z.record(z.string(), z.string()).optional(),
  metadata: z.object({ mimetype: z.string(), src_url: z.string() }).optional(),
});

/** An answer option as the player sees it (never carries whether it is correct). */
export const optionSchema = z.object({
  id: z.number().int(),
  value: z.string(),
  media: z.array(optionMediaSchema).optional(),
});

export const mineralPropertiesSchema = z.object({
  title: z.string(),
  description: z.string().nullable().optional(),
  mediaContent: z.array(optionMediaSchema).optional(),
  values: z.array(optionSchema).optional(),
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
  type: z.enum(['thumb', 'numbers', 'stars', 'emojis', 'text', 'opinion']).optional(),
  is_multiple: z.boolean().optional(),
  /** choose at most this many (multiple answer); 0 = as many as you like */
  maSelectLimit: z.number().int().min(0).optional(),
  required: z.boolean(),
  pool_id: z.number().int().nullable().optional(),
});
export type MineralProperties = z.infer<typeof mineralPropertiesSchema>;

/** What a learner sent for one mineral: option ids (choice, order, word_bubble) or a value. */
export const mineralAnswerSchema = z.object({
  /** mineral id */
  id: int4,
  /** selected option ids; for order and word_bubble, in the learner's order */
  options: z.array(int4).optional(),
  /** text, number, email, url, date (YYYY-MM-DD), rating/opinion as a number, upload media id */
  value: z
    .union([z.string().max(ANSWER_VALUE_MAX), z.number()])
    .nullable()
    .optional(),
});
export type MineralAnswer = z.infer<typeof mineralAnswerSchema>;

export const mineralSchema = z.object({
  id: z.number().int(),
  type: z.enum(MINERAL_TYPES),
  properties: mineralPropertiesSchema,
  /** the learner's stored answer, if any */
  answer: mineralAnswerSchema.nullable(),
});
export type Mineral = z.infer<typeof mineralSchema>;

export const navigatorItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fa_icon: z.string(),
  fa_icon_background: z.string().nullable(),
  fa_icon_border: z.string().nullable(),
  is_locked: z.boolean(),
  is_new: z.boolean(),
});

export const progressSchema = z.object({
  answered: z.number().int(),
  passed: z.number().int(),
  total: z.number().int(),
  /** 0–100 */
  percent: z.number().int(),
  status: z.enum(['not_started', 'in_progress', 'completed']),
  xp: z.number().int(),
  xp_total: z.number().int(),
  crowns: z.number().int(),
  crowns_total: z.number().int(),
  tries_total: z.number().int(),
  tries_used: z.number().int(),
  /** null when tries are unlimited (total 0) */
  tries_left: z.number().int().nullable(),
  /** the trail verdict (docs/scoring.md): null until completed, then whether xp reached the pass mark */
  trail_passed: z.boolean().nullable().optional(),
});
export type Progress = z.infer<typeof progressSchema>;

/** An answer's client-made id (docs/offline.md): a UUID v7, whose first 48 bits are the time it was made (ms). */
export const ANSWER_CLIENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const answerClientIdSchema = z
  .string()
  .max(36)
  .regex(ANSWER_CLIENT_ID_PATTERN, { message: 'client_id must be a UUID v7' });

/** The request body of POST /api/pebbles/{id}: the answer form of §3/§7. */
export const answerFormSchema = z.object({
  answers: z.array(mineralAnswerSchema),
  /** the answer's client-made id: a repeated id is answered with the first outcome and stores nothing */
  client_id: answerClientIdSchema.optional(),
  battle_id: int4.nullable().optional(),
  pool_id: int4.nullable().optional(),
  /** next: store and move on; swipe: move without requiring answers (stores valid ones) */
  action: z.enum(['next', 'swipe']).default('next'),
});
export type AnswerForm = z.infer<typeof answerFormSchema>;

export const durationSchema = z.object({
  days: z.number().int(),
  hours: z.number().int(),
  minutes: z.number().int(),
  seconds: z.number().int(),
  time_in_seconds: z.number().int(),
});

/** A trail as GET /api/games lists it and GET /api/games/{id} details it (§3 Trail). */
export const trailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  icon: z.object({ url: z.string() }).nullable(),
  type: z.enum(TRAIL_TYPES),
  /** index 0–11 into the twelve trail-card gradient pairs */
  style: z.object({ gradient: z.number().int().min(0).max(11) }),
  difficulty: z.enum(DIFFICULTIES),
  duration: durationSchema,
  coach: z
    .object({ id: z.number().int(), firstname: z.string().nullable(), lastname: z.string().nullable() })
    .nullable(),
  achievements: z.array(z.object({ type: z.enum(['xp', 'reward']), score: z.number().int(), total: z.number().int() })),
  progress: progressSchema,
  can_reset: z.boolean(),
  /** the learner's assignment dates (YYYY-MM-DD, UTC), when set: before starts_on the trail is listed but not
   * playable (423 trail_not_started); due_on is when it should be completed (docs/battles.md) */
  starts_on: z.string().nullable(),
  due_on: z.string().nullable(),
  /** URL of the learner's result PDF once generated */
  pdf: z.string().nullable(),
  /**
   * GET /api/games/{id} only: the current attempt's start (the first pebble opened in it) and completion, ISO
   * instants or null. attemptSeconds (../attempt.ts) makes them the Info panel's play time, as it makes the trail
   * result's duration: the two agree (docs/player.md, "Times").
   */
  attempt: z.object({ started_at: z.string().nullable(), completed_at: z.string().nullable() }).optional(),
});
export type Trail = z.infer<typeof trailSchema>;

/** §3 Pebble `share_answers`: who answered (the newest, anonymous as in the poll) and how (docs/player.md). */
export const shareAnswersSchema = z
  .object({
    users: z.array(
      z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable(), is_me: z.boolean() }),
    ),
    summary: z.array(
      z.object({
        value_id: z.number().int().nullable(),
        value: z.string(),
        count: z.number().int(),
        percent: z.number().int(),
      }),
    ),
  })
  .nullable();

/** A pebble as the player gets it (§3 Pebble). */
export const pebbleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(TRAIL_TYPES),
  /** how the pebble is drawn: its Font Awesome icon name and colours (the navigator's and the Info panel's icon) */
  object: z.object({
    fa_icon: z.string(),
    fa_icon_background: z.string().nullable(),
    fa_icon_border: z.string().nullable(),
  }),
  /** whose pebble this is: the player the answers belong to (the viewer) */
  user: z.object({ id: z.number().int() }),
  trail_id: z.number().int(),
  trail: z.object({ id: z.number().int(), name: z.string(), icon: z.object({ url: z.string() }).nullable() }),
  redirect_url: z.string().nullable(),
  minerals: z.array(mineralSchema),
  style: z.object({ color0: rgbSchema, color1: rgbSchema, color2: rgbSchema, color3: rgbSchema }).nullable(),
  feedback: z.string().nullable(),
  /** xp this pebble gives when passed */
  xp: z.number().int(),
  stage: z.string().nullable(),
  progress: progressSchema,
  can_change_answer: z.boolean(),
  is_required: z.boolean(),
  /** true when this is the trail's last pebble */
  is_last: z.boolean(),
  answered: z.boolean(),
  passed: z.boolean().nullable(),
  battle_id: z.number().int().nullable(),
  backgroundLandscape: optionMediaSchema.nullable(),
  navigator: z.array(navigatorItemSchema),
  /** the poll pool of the pebble's shared mineral (GET /api/polls/{pool_id}), if any */
  poll_pool_id: z.number().int().nullable().optional(),
  /** peers rate the answers to this pebble (docs/ratings.md) */
  is_rbo: z.boolean().optional(),
  rbo_scale: z.enum(RBO_SCALES).optional(),
  /** the ratings of the viewer's answer: on RBO pebbles the viewer answered, else null */
  rbo_results: rboResultsSchema.nullable().optional(),
  /** how many learners of the customer answered this pebble: on RBO and shared (poll) pebbles, else null */
  poll_answers: z.number().int().nullable().optional(),
  /** on shared (poll) pebbles, the answerers and the summary (§3); else null */
  share_answers: shareAnswersSchema.optional(),
});
export type Pebble = z.infer<typeof pebbleSchema>;

/** Error codes of the trail and player endpoints (in addition to ERROR_CODES). */
export const TRAIL_ERROR_CODES = [
  /** 423: the pebble is locked until the previous one is answered */
  'pebble_locked',
  /** 409: the pebble was answered and its answers cannot be changed */
  'answer_locked',
  /** 409: reset refused, no tries left */
  'no_tries_left',
  /** 409: reset refused, nothing answered yet */
  'nothing_to_reset',
] as const;
export type TrailErrorCode = (typeof TRAIL_ERROR_CODES)[number];

export const trailResponseSchema = z.object({ data: trailSchema });
export const trailsResponseSchema = z.object({ data: z.array(trailSchema) });
export const pebbleResponseSchema = z.object({ data: pebbleSchema });

/**
 * The check step of an answered pebble (docs/player.md): sent in the answer's response only, after the answer is
 * stored, and only when the trail's feedback mode is `immediate` and the pebble has a right answer.
 */
export const answerCheckSchema = z.object({
  pebble_id: z.number().int(),
  passed: z.boolean(),
  /** the pebble's feedback text (§3 Pebble), null when it has none */
  feedback: z.string().nullable(),
  /** xp and crowns this answer earned (the trail's totals after it, less before it) */
  xp: z.number().int(),
  crowns: z.number().int(),
  /** when the answer was wrong: the right answer of each mineral the learner missed */
  right_answers: z.array(
    z.object({
      mineral_id: z.number().int(),
      title: z.string(),
      /** set: these options together; sequence: these, in this order; value: any one of these */
      kind: z.enum(['set', 'sequence', 'value']),
      values: z.array(z.string()),
    }),
  ),
});
export type AnswerCheck = z.infer<typeof answerCheckSchema>;

/** POST /api/pebbles/{pebbleId}: the next pebble (or the same one, updated, when it was the last). */
export const answerResponseSchema = z.object({
  data: pebbleSchema,
  /** every pebble of the trail is answered */
  finished: z.boolean(),
  /** the verdict on the pebble just answered */
  passed: z.boolean(),
  /** the trail verdict once finished, else null */
  trail_passed: z.boolean().nullable(),
  /** the check step of the pebble just answered; null when the trail does not check answers now (docs/player.md) */
  check: answerCheckSchema.nullable().optional(),
  /** §4 Answering: when the answer was the viewer's last question of battle `battle_id`, the battle (docs/battles.md) */
  battle: battleSchema.optional(),
});
export type AnswerResponse = z.infer<typeof answerResponseSchema>;

/** GET /api/me/reset: a trail the learner may reset, with its tries. */
export const resettableTrailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(TRAIL_TYPES),
  icon: z.object({ url: z.string() }).nullable(),
  tries_total: z.number().int(),
  tries_used: z.number().int(),
  tries_left: z.number().int().nullable(),
  can_reset: z.boolean(),
});
export type ResettableTrail = z.infer<typeof resettableTrailSchema>;
export const resettableTrailsResponseSchema = z.object({ data: z.array(resettableTrailSchema) });

/** One learner's answer in a poll (§3 Poll). */
export const pollAnswerSchema = z.object({
  value_id: z.number().int().nullable(),
  value: z.string().nullable(),
  media: optionMediaSchema.nullable().optional(),
});

/** GET /api/polls/{pool_id}: the shared answers of a poll pool within the customer (§3 Poll). */
export const pollSchema = z.object({
  pool_id: z.number().int(),
  pebble_id: z.number().int(),
  trail_id: z.number().int(),
  fa_icon: z.string(),
  fa_icon_background: z.string().nullable(),
  fa_icon_border: z.string().nullable(),
  question: z.string(),
  is_multiple: z.boolean(),
  /** learners who answered */
  users: z.number().int(),
  /**
   * an anonymous survey's poll for this viewer (docs/player.md): other answerers come with id 0, no name, avatar or
   * discussion (only the viewer's own answer is theirs); coaches see names only when their customer allows it
   */
  anonymous: z.boolean(),
  /** answers given (selected options for choice minerals) */
  total: z.number().int(),
  /** percent = round(count / (users if multiple, else total) × 100) */
  summary: z.array(
    z.object({
      value_id: z.number().int().nullable(),
      value: z.string(),
      count: z.number().int(),
      percent: z.number().int(),
    }),
  ),
  answers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      avatar: z.string().nullable(),
      is_me: z.boolean(),
      /** null for the viewer's own answer and in an anonymous poll */
      discussion_id: z.number().int().nullable(),
      updated_at: z.string(),
      answers: z.array(pollAnswerSchema),
    }),
  ),
});
export const pollResponseSchema = z.object({ data: pollSchema });

/** GET /api/assessments/{id}: the learner's score per dimension of an assessment trail. */
export const assessmentSchema = z.object({
  trail_id: z.number().int(),
  player: z.object({
    id: z.number().int(),
    dimensions: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        score: z.number(),
        max: z.number(),
        /** 0–100 */
        percent: z.number().int(),
      }),
    ),
  }),
});
export const assessmentResponseSchema = z.object({ data: assessmentSchema });
