import { z } from 'zod';
import { coercedDbId } from './ids';
import { MINERAL_TYPES, TRAIL_TYPES } from './trails';

const scoreSchema = z.object({ score: z.number(), total: z.number() });

/** One answer option (or the given input) of a result pebble, with the learner's choice and the right one. */
export const resultOptionSchema = z.object({
  title: z.string(),
  /** A, B, C… */
  label: z.string(),
  selected: z.boolean(),
  /** null where the question has no right answer */
  correct: z.boolean().nullable(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  audio: z.string().nullable(),
  answer: z.object({ text: z.string() }).nullable(),
  input: z
    .object({
      text: z.string().nullable(),
      image: z.string().nullable(),
      video: z.string().nullable(),
      audio: z.string().nullable(),
      file: z.string().nullable(),
      /** the uploaded file's media id (its owner downloads it under its title: GET /api/media/{id}/download) */
      media_id: z.number().int().nullable(),
    })
    .nullable(),
});
export type ResultOption = z.infer<typeof resultOptionSchema>;

/** §3 Result pebble. */
export const resultPebbleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  original_name: z.string(),
  fa_icon: z.string(),
  fa_icon_background: z.string().nullable(),
  fa_icon_border: z.string().nullable(),
  points: z.number().int(),
  type: z.enum(MINERAL_TYPES).nullable(),
  /** the question */
  property: z.string().nullable(),
  answered: z.boolean(),
  passed: z.boolean().nullable(),
  /** the pebble's feedback (§3 Pebble), once it is answered (it explains the answer); null when it has none */
  feedback: z.string().nullable(),
  options: z.array(resultOptionSchema),
});
export type ResultPebble = z.infer<typeof resultPebbleSchema>;

export const markerSchema = z.object({
  marker_name: z.string(),
  stage_name: z.string().nullable(),
  points: z.number().int(),
  first_pebble_id: z.number().int(),
  pebbles: z.array(resultPebbleSchema),
});

export const certificateRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** URL of the certificate PDF (GET /api/certificates/user/{id} renders it when missing) */
  file: z.string().nullable(),
});

export const dimensionSchema = z.object({
  id: z.string(),
  name: z.string(),
  score: z.number(),
  /** the most this dimension could reach with the trail's questions */
  total: z.number(),
});
export type Dimension = z.infer<typeof dimensionSchema>;

export const RESULT_STATUSES = ['not_started', 'in_progress', 'completed', 'passed', 'failed'] as const;

/** §3 Trail result: GET /api/results/users/{user_id}/{trail_id}. */
export const trailResultSchema = z.object({
  user: z.object({ id: z.number().int(), name: z.string() }),
  trail: z.object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(TRAIL_TYPES),
    icon: z.object({ url: z.string() }).nullable(),
    /** the result's own user may reset now (answers given, a try left) */
    can_reset: z.boolean(),
    pdf: z.string().nullable(),
  }),
  summary: z.object({
    status: z.object({ status: z.enum(RESULT_STATUSES), score: z.number().int(), total: z.number().int() }),
    tries: scoreSchema,
    /** seconds spent, out of the trail's planned seconds (0 = not set) */
    duration: scoreSchema,
    points: scoreSchema,
    crowns: scoreSchema,
    rewards: scoreSchema,
  }),
  certificates: z.array(certificateRefSchema),
  markers: z.array(markerSchema),
  /** assessments: points per dimension (§3 Assessment result) */
  player: z.object({ dimensions: z.array(dimensionSchema) }).nullable(),
});
export type TrailResult = z.infer<typeof trailResultSchema>;
export const trailResultResponseSchema = z.object({ data: trailResultSchema });

/** §3 Reward (`latest` marks the most recently achieved of the user's rewards). */
export const rewardSchema = z.object({
  id: z.number().int(),
  trail_id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  experience: z.number().int(),
  media: z.object({ url: z.string() }).nullable(),
  prize_title: z.string().nullable(),
  prize_description: z.string().nullable(),
  created_at: z.string(),
  /** 'MMMM D, YYYY' in English; clients format created_at in their own locale */
  readable_achieved_at: z.string(),
  /** the user's very first reward: the popup then points to /me */
  first_time: z.boolean(),
  latest: z.boolean(),
  /**
   * GET /api/rewards/test only (a reward not earned yet): how it is earned — the trail declaring it and its unlock
   * condition (`value`: the xp for xp_at_least, the stage's name for stage_completed)
   */
  preview: z
    .object({
      trail: z.string(),
      on: z.enum(['trail_completed', 'trail_passed', 'xp_at_least', 'stage_completed']),
      value: z.union([z.string(), z.number()]).nullable(),
    })
    .optional(),
});
export type Reward = z.infer<typeof rewardSchema>;
export const rewardsResponseSchema = z.object({ data: z.array(rewardSchema) });

export { REWARD_SORTS, type RewardSort, sortRewards } from '../rewards';

export const certificateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  file: z.string(),
  pdf: z.string(),
  issued_at: z.string(),
  trail: z.object({ id: z.number().int(), name: z.string() }),
});
export type Certificate = z.infer<typeof certificateSchema>;
export const certificatesResponseSchema = z.object({ data: z.array(certificateSchema) });

/** GET /api/results/{trail}/pdf/{user}: the PDF when it exists, else the request is queued. */
export const resultPdfResponseSchema = z.union([
  z.object({ pdf: z.string() }),
  z.object({ status: z.literal('success'), message: z.literal('generate_pdf_submitted') }),
]);
export type ResultPdfResponse = z.infer<typeof resultPdfResponseSchema>;

/** POST /api/users/{id}/reset/trail. */
export const resetTrailsBodySchema = z.object({
  trails_ids: z.array(coercedDbId).min(1).max(100),
});
export const resetTrailsResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  trails_ids: z.array(z.number().int()),
});

/** §3 Notification (the events this feature creates). */
export const notificationSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type AppNotification = z.infer<typeof notificationSchema>;
export const notificationResponseSchema = z.object({ data: notificationSchema });

/** GET /api/notificationsAll/{page}: the caller's notifications, newest first, and their unread count. */
export const notificationsPageResponseSchema = z.object({
  data: z.array(notificationSchema),
  meta: z.object({
    pagination: z.object({
      total: z.number().int(),
      total_pages: z.number().int(),
      current_page: z.number().int(),
      per_page: z.number().int(),
    }),
  }),
  unread: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPageResponseSchema>;
