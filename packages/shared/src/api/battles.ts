import { z } from 'zod';
import { dbId } from './ids';

/** Battle states (§4, docs/battles.md). */
export const BATTLE_STATUSES = ['challenged', 'accepted', 'declined', 'finished'] as const;
export type BattleStatus = (typeof BATTLE_STATUSES)[number];
/** A side's own state: waits for the contender's answer, plays, has answered every pebble, declined. */
export const BATTLE_PLAYER_STATUSES = ['pending', 'playing', 'finished', 'declined'] as const;

/** The battle notification types of §4 (`oppenent_changed` is spelt so by the spec). */
export const BATTLE_NOTIFICATION_TYPES = [
  'challenge',
  'accepted',
  'declined',
  'finished',
  'reminder_challenge',
  'reminder_finish',
  'oppenent_changed',
] as const;
export type BattleNotificationType = (typeof BATTLE_NOTIFICATION_TYPES)[number];

/** Scheduling rules (docs/battles.md). */
export const BATTLE_RULES = {
  /** a challenge not answered this long gets a reminder_challenge */
  challengeReminderHours: 24,
  /** a challenge not answered this long goes to another contender (oppenent_changed), or is declined */
  challengeTimeoutHours: 48,
  /** an accepted battle not finished this long gets a reminder_finish to the side still playing */
  finishReminderHours: 24,
  /** an accepted battle finishes this long after acceptance at the latest */
  deadlineHours: 72,
  /** a contender is replaced at most this many times */
  maxReplacements: 2,
} as const;

/** §76 style of a battle notification. */
export const battleStyleSchema = z.object({ font_color: z.string(), bg_color_from: z.string() }).nullable();

export const battlePlayerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  status: z.enum(BATTLE_PLAYER_STATUSES),
  /** pebbles answered in this battle */
  answered: z.number().int(),
  /** server-decided points so far */
  score: z.number().int(),
});

export const battleQuestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  passed_me: z.boolean().nullable(),
  passed_opponent: z.boolean().nullable(),
});

/** A learner's extended-time need (WCAG 2.2.1), set by their coach; battles multiply their time limit by it. */
export const EXTENDED_TIMES = ['x1.5', 'x2', 'untimed'] as const;
export type ExtendedTime = (typeof EXTENDED_TIMES)[number];
/** The factor of each need; null: no limit at all. */
export const EXTENDED_TIME_FACTORS: Record<ExtendedTime, number | null> = { 'x1.5': 1.5, x2: 2, untimed: null };

/** Battle timing rules (docs/battles.md). */
export const BATTLE_TIMING = {
  /** the package's `battle.seconds_per_question` bounds */
  minSeconds: 5,
  maxSeconds: 600,
  /** the answer's trip over the network: an answer this late after the limit still counts */
  graceMs: 1500,
  /** with `battle.speed_bonus`, a right answer in time earns up to this share of its points on top, by time left */
  speedBonusShare: 0.5,
} as const;

/** The viewer's time limit in a timed battle; null when the package sets none. */
export const battleTimingSchema = z
  .object({
    /** the package's limit per question */
    seconds_per_question: z.number().int(),
    /** the viewer's own limit with their extended-time need; null: untimed */
    my_seconds: z.number().int().nullable(),
    extended_time: z.enum(EXTENDED_TIMES).nullable(),
    speed_bonus: z.boolean(),
    /** time left on the viewer's current question by the server's clock (null: untimed or no question) */
    remaining_ms: z.number().int().nullable(),
  })
  .nullable();

/** One side's answer to a battle question, as the reveal shows it. */
export const battleRevealSideSchema = z.object({
  /** what was answered, as text (option values, the typed value), per mineral in order */
  answers: z.array(z.string()),
  passed: z.boolean(),
  points: z.number().int(),
  speed_points: z.number().int(),
  /** arrived after the time limit: scored 0 */
  late: z.boolean(),
});

/**
 * The reveal of a question the viewer has answered in the battle: their answer, the right one and the pebble's
 * feedback; the opponent's answer once they have answered it too.
 */
export const battleRevealSchema = z.object({
  pebble_id: z.number().int(),
  name: z.string(),
  /** the right answer per mineral with one (option values or accepted value); empty when any answer is right */
  correct: z.array(z.string()),
  feedback: z.string().nullable(),
  mine: battleRevealSideSchema,
  opponent: battleRevealSideSchema.nullable(),
});
export type BattleReveal = z.infer<typeof battleRevealSchema>;

/** GET /api/battle/{id} (§3 Battle). */
export const battleSchema = z.object({
  id: z.number().int(),
  battle_id: z.number().int(),
  status: z.enum(BATTLE_STATUSES),
  trail: z.object({ id: z.number().int(), name: z.string() }),
  challenger: battlePlayerSchema,
  contender: battlePlayerSchema,
  /** which side the viewer is */
  me: z.enum(['challenger', 'contender']),
  style: battleStyleSchema,
  /** pebbles in the battle */
  total: z.number().int(),
  /** the viewer's next pebble to answer; null when done or not playing */
  next_pebble_id: z.number().int().nullable(),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  deadline_at: z.string().nullable(),
  /** null until finished or on a draw */
  winner_id: z.number().int().nullable(),
  /**
   * §4: the battle is finished for the viewer (the summary shows) when its status is finished, or the viewer is
   * the challenger and the challenger's status is finished (docs/battles.md)
   */
  finished_for_me: z.boolean(),
  /** per pebble, whether each side passed: once finished for the viewer (else empty) */
  questions: z.array(battleQuestionSchema),
  /** the time limit, when the package sets one */
  timing: battleTimingSchema,
  /** the questions the viewer has answered, in order, each with its reveal */
  reveals: z.array(battleRevealSchema),
});
export type Battle = z.infer<typeof battleSchema>;
export const battleResponseSchema = z.object({ data: battleSchema });
/** GET /api/battle/{id}?serve={pebbleId}: the viewer's next question is shown now (starts its time limit). */
export const battleQuerySchema = z.object({ serve: z.coerce.number().int().min(1).max(2_147_483_647).optional() });

/** POST /api/game/challenge/{trailId}. */
export const challengeBodySchema = z.object({ user_id: dbId });

export const battleStatsSchema = z.object({
  battles: z.number().int(),
  points: z.number().int(),
  won: z.number().int(),
  draw: z.number().int(),
  lost: z.number().int(),
});
export type BattleStats = z.infer<typeof battleStatsSchema>;

/** GET /api/game/contenders/{trailId}: who the actor may challenge. */
export const contenderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  stats: battleStatsSchema,
  /** an open battle with the actor on this trail already exists */
  open_battle_id: z.number().int().nullable(),
});
export type Contender = z.infer<typeof contenderSchema>;
export const CONTENDERS_PER_PAGE = 20;
export const contendersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const contendersResponseSchema = z.object({
  data: z.array(contenderSchema),
  meta: z.object({
    pagination: z.object({
      total: z.number().int(),
      total_pages: z.number().int(),
      current_page: z.number().int(),
      per_page: z.number().int(),
    }),
  }),
});
export type ContendersPage = z.infer<typeof contendersResponseSchema>;

const sideSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  score: z.number().int(),
});
/** One battle of GET /api/me/battles (§3 Battle result). */
export const battleResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(BATTLE_STATUSES),
  finished_at: z.string().nullable(),
  trail: z.object({ id: z.number().int(), name: z.string() }),
  /** won, lost or draw once finished, else null */
  outcome: z.enum(['won', 'lost', 'draw']).nullable(),
  me: sideSchema,
  opponent: sideSchema,
  questions: z.array(
    z.object({ name: z.string(), passed_me: z.boolean().nullable(), passed_opponent: z.boolean().nullable() }),
  ),
});
export type BattleResult = z.infer<typeof battleResultSchema>;
export const myBattlesResponseSchema = z.object({
  data: z.object({ summary: battleStatsSchema, battles: z.array(battleResultSchema) }),
});
export type MyBattles = z.infer<typeof myBattlesResponseSchema>['data'];
