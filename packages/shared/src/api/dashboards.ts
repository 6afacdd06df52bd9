import { z } from 'zod';
import { TRAIL_TYPES } from '../minerals';
import { profileFieldSchema, profileUpdateSchema } from './accounts';
import { EXTENDED_TIMES } from './battles';
import { paginationSchema } from './chat';
import { coercedDbId } from './ids';
import { progressSchema } from './trails';

/** §9: a dashboard card's page size. */
export const DASHBOARD_PAGE_SIZE = 10;
/** §9: the coach list's default page size (everyone). */
export const COACH_LIST_LIMIT = 9_999_999;

/** What a leaderboard ranks: xp (points), crowns, trails completed. */
export const LEADERBOARD_METRICS = ['points', 'crowns', 'trails'] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];
/** The card endpoints of GET /api/dashboard/{endpoint}; the first is the default. */
export const DASHBOARD_ENDPOINTS = ['user/points/most', 'user/crowns/most', 'user/trails/most'] as const;
export type DashboardEndpoint = (typeof DASHBOARD_ENDPOINTS)[number];
export const metricOf = (endpoint: DashboardEndpoint) => endpoint.split('/')[1] as LeaderboardMetric;

/** A person as lists show them: name and avatar. */
export const personSchema = z.object({
  id: z.number().int(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  /** the avatar image URL, or null */
  avatar: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

export const leaderboardEntrySchema = z.object({
  /** competition rank: equal values share a rank (1, 2, 2, 4) */
  rank: z.number().int(),
  user: personSchema,
  value: z.number().int(),
  /** the entry is the signed-in user */
  me: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/** GET /api/dashboard/{endpoint}?trail_id&limit&page */
export const dashboardQuerySchema = z.object({
  trail_id: coercedDbId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(DASHBOARD_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const dashboardResponseSchema = z.object({
  data: z.array(leaderboardEntrySchema),
  filters: z.object({
    /** the trails a card may be narrowed to: the customer's trails */
    trails: z.array(z.object({ id: z.number().int(), name: z.string() })),
    trail_id: z.number().int().nullable(),
  }),
  meta: z.object({
    endpoint: z.enum(DASHBOARD_ENDPOINTS),
    metric: z.enum(LEADERBOARD_METRICS),
    pagination: paginationSchema,
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** GET /api/me/dashboard: the signed-in learner's totals and the cards with their top three and the learner's place. */
export const meDashboardResponseSchema = z.object({
  data: z.object({
    totals: z.object({
      xp: z.number().int(),
      crowns: z.number().int(),
      trails_completed: z.number().int(),
      trails_assigned: z.number().int(),
    }),
    cards: z.array(
      z.object({
        endpoint: z.enum(DASHBOARD_ENDPOINTS),
        metric: z.enum(LEADERBOARD_METRICS),
        top: z.array(leaderboardEntrySchema),
        /** the learner's own entry (null when they are not ranked: no trail assigned) */
        mine: leaderboardEntrySchema.nullable(),
        /** how many learners the card ranks */
        total: z.number().int(),
      }),
    ),
    /** the learner's certificates, newest first; `pdf` once rendered (GET /api/certificates/user/{ids} renders it) */
    certificates: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        issued_at: z.string(),
        trail: z.object({ id: z.number().int(), name: z.string() }),
        pdf: z.string().nullable(),
      }),
    ),
  }),
});
export type MeDashboard = z.infer<typeof meDashboardResponseSchema>['data'];

/** GET /api/results/users/coach?page&limit&trail_id&search */
export const coachUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(COACH_LIST_LIMIT).default(COACH_LIST_LIMIT),
  trail_id: coercedDbId.optional(),
  /** empty, or at least 2 characters (§8) */
  search: z.string().max(100).optional(),
});
export type CoachUsersQuery = z.infer<typeof coachUsersQuerySchema>;

export const coachUserSchema = personSchema.extend({
  email: z.string().nullable(),
  xp: z.number().int(),
  crowns: z.number().int(),
  trails_completed: z.number().int(),
  trails_assigned: z.number().int(),
  /** when the learner last answered (ISO), or null */
  last_active_at: z.string().nullable(),
});
export type CoachUser = z.infer<typeof coachUserSchema>;

export const coachUsersResponseSchema = z.object({
  data: z.array(coachUserSchema),
  meta: z.object({ pagination: paginationSchema }),
});
export type CoachUsersPage = z.infer<typeof coachUsersResponseSchema>;

/** One trail of a learner, as the coach sees it. */
export const coachTrailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.object({ url: z.string() }).nullable(),
  type: z.enum(TRAIL_TYPES),
  progress: progressSchema,
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  due_on: z.string().nullable(),
});
export type CoachTrail = z.infer<typeof coachTrailSchema>;

/** The learner's profile fields a coach may change (POST /api/users/{id}), with their current values. */
export const coachProfileSchema = z.object({
  mobile: z.string().nullable(),
  birth: z.string().nullable(),
  nationality_id: z.number().int().nullable(),
  fields: z.array(profileFieldSchema),
  /** the learner's extended-time need in timed battles (WCAG 2.2.1; docs/battles.md); null: none */
  extended_time: z.enum(EXTENDED_TIMES).nullable(),
});
export type CoachProfile = z.infer<typeof coachProfileSchema>;

/** GET /api/results/users/trails/coach/{id} */
export const coachUserTrailsResponseSchema = z.object({
  data: z.object({ user: coachUserSchema, trails: z.array(coachTrailSchema), profile: coachProfileSchema }),
});
export type CoachUserTrails = z.infer<typeof coachUserTrailsResponseSchema>['data'];

/**
 * POST /api/users/{id}: what a coach may change of a learner of their customer (docs/me-and-coach.md): names,
 * mobile, birth date, nationality, and the values of the customer's custom fields — also those the learner may not
 * edit. Not the email, password, language, roles, avatar or pause state: those stay the learner's (or an admin's).
 */
export const coachProfileUpdateSchema = profileUpdateSchema
  .pick({ firstname: true, lastname: true, mobile: true, birth: true, nationality_id: true })
  .extend({
    fields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
    /** the extended-time need in timed battles; null removes it */
    extended_time: z.enum(EXTENDED_TIMES).nullable().optional(),
  })
  .strict();
export type CoachProfileUpdate = z.infer<typeof coachProfileUpdateSchema>;

/** POST /api/users/{id}: the learner as the coach list shows them, and their profile after the change. */
export const coachProfileResponseSchema = z.object({
  data: z.object({ user: coachUserSchema, profile: coachProfileSchema }),
});
