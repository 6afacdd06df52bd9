import { z } from 'zod';

/** How a rater gives a rating (§9: stars, or emojis in the order frown, frown-open, meh, smile, laugh-beam). */
export const RBO_SCALES = ['stars', 'emojis'] as const;
export type RboScale = (typeof RBO_SCALES)[number];

/** §3 Rating: one rater's rating of a player's answer. */
export const ratingSchema = z.object({
  id: z.number().int(),
  rater_id: z.number().int(),
  /** the rater's display name */
  rater: z.string(),
  avatar: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  /** the discussion between the viewer and the rater, when one exists (chat-with opens it or starts one) */
  discussion_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Rating = z.infer<typeof ratingSchema>;

/** §3 Pebble rbo_results: the ratings of the viewer's own answer. */
export const rboResultsSchema = z.object({
  total_ratings: z.number().int(),
  /** 0 when nobody rated yet; one decimal */
  average_rating: z.number(),
  counts: z.object({
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
    5: z.number().int(),
  }),
  ratings: z.array(ratingSchema),
});
export type RboResults = z.infer<typeof rboResultsSchema>;

/** POST /api/rbos/{pebble_id}/{player_id}: the rating form. */
export const rboRatingFormSchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().trim().max(500).default(''),
});
export type RboRatingForm = z.infer<typeof rboRatingFormSchema>;

const answerEntry = z.object({
  value_id: z.number().int().nullable(),
  value: z.string().nullable(),
  media: z
    .object({
      type: z.enum(['image', 'audio', 'video', 'file']),
      url: z.string(),
      title: z.string(),
      mimetype: z.string(),
    })
    .nullable(),
});

/** GET /api/rbos/{pebble_id}/{player_id}: what a rater sees before rating. */
export const rboTargetSchema = z.object({
  pebble: z.object({
    id: z.number().int(),
    name: z.string(),
    trail_id: z.number().int(),
    trail_name: z.string(),
    /** the pebble's questions (mineral titles) */
    questions: z.array(z.string()),
  }),
  player: z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() }),
  answers: z.array(answerEntry),
  scale: z.enum(RBO_SCALES),
  /** the request that asked the viewer to rate, if any (a coach may rate without one) */
  request: z.object({ mandatory: z.boolean(), created_at: z.string() }).nullable(),
  /** the viewer's rating, once given */
  my_rating: ratingSchema.nullable(),
});
export type RboTarget = z.infer<typeof rboTargetSchema>;
export const rboTargetResponseSchema = z.object({ data: rboTargetSchema });
export const ratingResponseSchema = z.object({ data: ratingSchema });

/** GET /api/me/rboratings: the requests waiting for the viewer and the ratings the viewer's answers received. */
export const meRboRatingsSchema = z.object({
  requests: z.array(
    z.object({
      pebble_id: z.number().int(),
      pebble_name: z.string(),
      trail_id: z.number().int(),
      trail_name: z.string(),
      player: z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() }),
      mandatory: z.boolean(),
      created_at: z.string(),
    }),
  ),
  received: z.array(
    rboResultsSchema.extend({
      pebble_id: z.number().int(),
      pebble_name: z.string(),
      trail_id: z.number().int(),
      trail_name: z.string(),
    }),
  ),
});
export type MeRboRatings = z.infer<typeof meRboRatingsSchema>;
export const meRboRatingsResponseSchema = z.object({ data: meRboRatingsSchema });
