import { z } from 'zod';
import { TRAIL_TYPES } from '../minerals';

/**
 * Coach insight (GET /api/coach/insight/{trail_id}, docs/insight.md): Moodle's item statistics per pebble, each
 * option's pull, the trail's test statistics and the drop-off funnel; surveys and polls get their distributions.
 * Percentages are 0–100 as in Moodle; a figure that cannot be computed yet (too few attempts, no spread) is null.
 */

/** Why a pebble or an option is flagged; each comes with its reason in words (`reason`, English). */
export const INSIGHT_FLAGS = [
  'negative_discrimination',
  'low_efficiency',
  'too_easy',
  'too_hard',
  'draws_strong',
] as const;
export type InsightFlagCode = (typeof INSIGHT_FLAGS)[number];

const pct = (what: string) => z.number().nullable().describe(`${what}, in % (0–100 as in Moodle); null when undefined`);

export const insightFlagSchema = z.object({
  code: z.enum(INSIGHT_FLAGS),
  /** the figure that raised it (a percentage) */
  value: z.number(),
  reason: z.string(),
});
export type InsightFlag = z.infer<typeof insightFlagSchema>;

export const insightOptionSchema = z.object({
  mineral_id: z.number().int(),
  option_id: z.number().int(),
  label: z.string(),
  correct: z.boolean(),
  /** how many of the attempts chose it */
  count: z.number().int(),
  percent: pct('share of the attempts that chose it'),
  point_biserial: pct('correlation of choosing it with the rest of the test (the pebble excluded), × 100'),
  mean_score: pct("mean total score of those who chose it, of the trail's maximum"),
  /** share of the top and bottom thirds (by total) that chose it (settled by the job) */
  top_third: pct('share of the top third that chose it'),
  bottom_third: pct('share of the bottom third that chose it'),
  flags: z.array(insightFlagSchema),
});
export type InsightOption = z.infer<typeof insightOptionSchema>;

export const insightPebbleSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  /** attempts counted */
  n: z.number().int(),
  /** maximum mark: the pebble's xp (1 each on a trail without xp) */
  max_mark: z.number(),
  facility: pct('facility index: mean mark ÷ maximum mark'),
  sd: pct('standard deviation of the marks, of the maximum mark'),
  random_guess: pct('random guess score'),
  discrimination: pct('discrimination index: correlation of the mark with the rest of the test'),
  efficiency: pct('discriminative efficiency (settled by the job)'),
  intended_weight: pct('intended weight: maximum mark ÷ trail maximum'),
  effective_weight: pct('effective weight'),
  flags: z.array(insightFlagSchema),
  options: z.array(insightOptionSchema),
});
export type InsightPebble = z.infer<typeof insightPebbleSchema>;

export const insightFunnelStepSchema = z.object({
  pebble_id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  /** learners whose current attempt opened the pebble */
  reached: z.number().int(),
  answered: z.number().int(),
});

export const insightDistributionSchema = z.object({
  mineral_id: z.number().int(),
  pebble_id: z.number().int(),
  title: z.string(),
  type: z.string(),
  /** attempts that answered the mineral */
  answers: z.number().int(),
  values: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int(), percent: z.number() })),
  /** mean of a rating or opinion */
  mean: z.number().nullable(),
  /** free-text answers, newest first (at most INSIGHT_TEXTS_MAX) */
  texts: z.array(z.string()),
});
export type InsightDistribution = z.infer<typeof insightDistributionSchema>;
/** free-text answers listed per mineral */
export const INSIGHT_TEXTS_MAX = 100;

export const insightSummarySchema = z.object({
  attempts: z.number().int(),
  max_points: z.number(),
  mean: pct('mean score, of the maximum'),
  median: pct('median score, of the maximum (settled)'),
  median_seconds: z.number().nullable().describe('median time of the attempts in seconds (settled)'),
  sd: pct('standard deviation of the scores, of the maximum'),
  skewness: z.number().nullable().describe('skewness of the scores (settled)'),
  kurtosis: z.number().nullable().describe('excess kurtosis of the scores (settled)'),
  alpha: pct("Cronbach's alpha (Moodle's coefficient of internal consistency)"),
  error_ratio: pct('error ratio'),
  standard_error: pct('standard error, of the maximum'),
});
export type InsightSummary = z.infer<typeof insightSummarySchema>;

export const insightSchema = z.object({
  trail: z.object({ id: z.number().int(), name: z.string(), type: z.enum(TRAIL_TYPES) }),
  summary: insightSummarySchema,
  /** when the job last settled efficiency, median, moments and thirds; null before its first run */
  settled_at: z.string().nullable(),
  /** attempts the settled figures were computed over */
  settled_attempts: z.number().int(),
  pebbles: z.array(insightPebbleSchema),
  funnel: z.array(insightFunnelStepSchema),
  distributions: z.array(insightDistributionSchema),
});
export type Insight = z.infer<typeof insightSchema>;
export const insightResponseSchema = z.object({ data: insightSchema });
