import { z } from 'zod';
import { EMAIL_MAX, URL_MAX } from '../validation';
import { int4 } from './ids';
import { shownText } from './strings';

/** A sign-in name (an email address): bounded before the email rule's pattern runs on it. */
const username = z.string().max(EMAIL_MAX);

export const loginRequestSchema = z.object({
  username,
  password: z.string(),
  accepted: z.union([z.boolean(), z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.null()]).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokensSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  refresh_token: z.string(),
  /** seconds until the access token expires */
  expires_in: z.number().int(),
  /** seconds until the refresh token expires */
  refresh_expires_in: z.number().int(),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const loginResponseSchema = z.object({
  status: z.literal('success'),
  data: tokensSchema.extend({
    /** number of previous logins (0 on the first sign-in → /welcome) */
    logins: z.number().int(),
    /** set for public users: the trail they are tied to */
    trail_id: z.number().int().nullable(),
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ refresh_token: z.string().min(1) });
export const refreshResponseSchema = z.object({ status: z.literal('success'), data: tokensSchema });

export const rgbSchema = z.object({ r: z.number(), g: z.number(), b: z.number() });

export const customerSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  logo: z.array(z.object({ url: z.string() })),
  style: z.object({
    attributes: z.object({ color: z.string() }),
    colors: z.object({ color0: rgbSchema, color2: rgbSchema }),
  }),
});
export type Customer = z.infer<typeof customerSchema>;

export const localeSchema = z.object({
  code: z.string(),
  iso: z.string(),
  name: z.string(),
  locale_name: z.string(),
  default_name: z.string(),
  moment_code: z.string(),
});
export type Locale = z.infer<typeof localeSchema>;

export const profileFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(['text', 'select', 'date']),
  options: z.array(z.string()),
  fieldValues: z.string().nullable(),
  edit: z.boolean(),
});
export type ProfileField = z.infer<typeof profileFieldSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  real_id: z.number().int(),
  email: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  mobile: z.string().nullable(),
  birth: z.string().nullable(),
  avatar: z.array(z.object({ id: z.number().int(), url: z.string() })),
  cover: z.string().nullable(),
  nationality_id: int4.nullable(),
  is_root: z.boolean(),
  is_coach: z.boolean(),
  is_admin: z.boolean(),
  is_paused: z.union([z.literal(0), z.literal(1)]),
  roles: z.array(z.object({ name: z.string(), level: z.number().int() })),
  logins: z.number().int(),
  active: z.boolean(),
  /** counters by slug: home (trails assigned since the user last opened /games and not opened yet), me (rewards
   * and certificates earned since the user last opened /me), chats (discussions with unread messages),
   * notifications (unread notifications); docs/me-and-coach.md */
  notifications: z.record(z.string(), z.number().int()),
  /** chat discussions the user takes part in */
  discussions: z.number().int(),
  /** the user's own media links (avatar and the like): relation and media id */
  vault_relations: z.array(z.object({ relation: z.string(), media_id: z.number().int() })),
  /** the id of the user's own vault root folder, once created */
  my_vault: z.number().int().nullable(),
  /** trails assigned to the user that are open now */
  accessible_trails: z.number().int(),
  /** trails assigned to the user that open later (start date ahead) */
  in_accessible_trails: z.number().int(),
  /** unread chat messages over all the user's discussions */
  notification_chat: z.number().int(),
  /** "Your first reward!" was already shown to this user (on any device): it shows once per user (§4) */
  first_reward_seen: z.boolean(),
  supported_languages: z.array(localeSchema),
  fields: z.array(profileFieldSchema),
  customer: customerSchema.nullable(),
  base_url: z.string(),
  language: z.string(),
  trail_id: z.number().int().nullable(),
  created_at: z.string(),
  readable_created_at: z.string(),
  updated_at: z.string(),
  /** always null on a profile read: a deleted account cannot read its profile */
  deleted_at: z.string().nullable(),
  /** §5 profile completion percentage, 0–100 (packages/shared/src/profile.ts) */
  profile_completion: z.number().int().min(0).max(100),
});
export type User = z.infer<typeof userSchema>;

export const profileResponseSchema = z.object({ data: userSchema });

export const profileUpdateSchema = z
  .object({
    firstname: shownText(100),
    lastname: shownText(100),
    mobile: z.string().max(40).nullable(),
    // bounded before the date rule's pattern runs on it
    birth: z.string().max(32).nullable(),
    nationality_id: int4.nullable(),
    language: z.string().max(35),
    is_paused: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const forgotRequestSchema = z.object({ username, url: z.string().max(URL_MAX) });
export const resetRequestSchema = z.object({
  username,
  token: z.string(),
  password: z.string(),
  password_confirmation: z.string().optional(),
});

export const statusResponseSchema = z.object({ status: z.literal('success'), message: z.string().optional() });
