import { z } from 'zod';
import { PASSWORD_MIN } from '../constants';
import { LOCALE_CODES, type LocaleCode } from '../locales';
import { EMAIL_MAX, EMAIL_RE } from '../validation';
import { paginationSchema } from './chat';
import { coercedDbId } from './ids';
import { boundedString, shownText } from './strings';

/** Customer administration: people, invitations, operators' customers, the audit log (docs/admin.md, issue 30). */

/** learner; coach (a role above level 400: Results); admin (a coach who is also the customer's admin, is_admin) */
export const ADMIN_ROLES = ['learner', 'coach', 'admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
/** active; invited (no password yet); paused (left out of battles, ratings and reminders); deactivated (no sign-in) */
export const USER_STATES = ['active', 'invited', 'paused', 'deactivated'] as const;
export type UserState = (typeof USER_STATES)[number];

export const ADMIN_USERS_PAGE = 25;
export const NAME_MAX = 100;
export const COMPANY_MAX = 200;
/** An invitation link is good for 7 days, once. */
export const INVITATION_TTL_DAYS = 7;
/** The CSV import's limits: more is refused with 413 before any row is checked. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_COLUMNS = ['email', 'firstname', 'lastname', 'language', 'role', 'team'] as const;
/** How many row problems one answer lists (the count says how many there are in all). */
export const IMPORT_PROBLEMS_SHOWN = 1_000;
export const PASSWORD_MAX = 200;

const email = boundedString(EMAIL_MAX)
  .trim()
  .min(1)
  .regex(EMAIL_RE, { message: 'a valid e-mail address' })
  .transform((s) => s.toLowerCase());
const personName = shownText(NAME_MAX).trim().min(1);
const language = z.enum(LOCALE_CODES as [LocaleCode, ...LocaleCode[]]);

export const adminUserSchema = z.object({
  id: z.number(),
  email: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  language: z.string(),
  role: z.enum(ADMIN_ROLES),
  state: z.enum(USER_STATES),
  teams: z.array(z.object({ id: z.number(), name: z.string() })),
  /** ISO: when the open invitation was sent (invited people), or null */
  invited_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/users?page&search&role&state&team_id */
export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** empty, or 2 characters or more: name or e-mail */
  search: boundedString(100).optional(),
  role: z.enum(ADMIN_ROLES).optional(),
  state: z.enum(USER_STATES).optional(),
  team_id: coercedDbId.optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUsersResponseSchema = z.object({
  data: z.array(adminUserSchema),
  meta: z.object({ pagination: paginationSchema }),
});
export type AdminUsersPage = z.infer<typeof adminUsersResponseSchema>;
export const adminUserResponseSchema = z.object({ data: adminUserSchema });

/** POST /api/admin/users: invite one person. */
export const inviteUserSchema = z.object({
  email,
  firstname: personName,
  lastname: personName,
  language,
  role: z.enum(ADMIN_ROLES),
});
export type InviteUser = z.input<typeof inviteUserSchema>;

/** PATCH /api/admin/users/{id}: a new role and/or state (invited is reached by inviting, not set). */
export const updateUserSchema = z
  .object({
    role: z.enum(ADMIN_ROLES).optional(),
    state: z.enum(['active', 'paused', 'deactivated']).optional(),
  })
  .refine((v) => v.role !== undefined || v.state !== undefined, { message: 'role or state is required' });
export type UpdateUser = z.input<typeof updateUserSchema>;

export const importQuerySchema = z.object({ dry_run: z.enum(['0', '1', 'true', 'false']).optional() });

export const IMPORT_PROBLEMS = [
  'missing',
  'bad_email',
  'duplicate_in_file',
  'already_member',
  'unknown_language',
  'unknown_role',
  'too_long',
  'bad_header',
] as const;
export type ImportProblemKind = (typeof IMPORT_PROBLEMS)[number];

export const importProblemSchema = z.object({
  /** 1-based line of the file (the header is line 1) */
  row: z.number().int(),
  column: z.string(),
  problem: z.enum(IMPORT_PROBLEMS),
  /** the English text (the screen shows its own translation of `problem`) */
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** The import's answer: what was (or, with dry_run, would be) created, or every problem (and nothing created). */
export const importReportSchema = z.object({
  dry_run: z.boolean(),
  rows: z.number().int(),
  created: z.number().int(),
  problems: z.array(importProblemSchema),
  problem_count: z.number().int(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
export const importResponseSchema = z.object({ data: importReportSchema });

/** POST /api/invitations/{token}: accept an invitation. */
export const acceptInvitationSchema = z.object({
  password: boundedString(PASSWORD_MAX).min(PASSWORD_MIN),
  accepted: z.literal(true, { message: 'the terms must be accepted' }),
});
export type AcceptInvitation = z.input<typeof acceptInvitationSchema>;
export const invitationTokenParam = boundedString(200).regex(/^[A-Za-z0-9_-]+$/);

export const auditEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  /** who: a name, or null for the command line; "Deleted user" once erased */
  actor: z.object({ id: z.number().nullable(), name: z.string() }).nullable(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  action: boundedString(60).optional(),
});
export const auditResponseSchema = z.object({
  data: z.array(auditEntrySchema),
  meta: z.object({ pagination: paginationSchema }),
});
export type AuditPage = z.infer<typeof auditResponseSchema>;
export const AUDIT_PAGE = 50;

/** POST /api/admin/customers (operators, is_root): a customer and its first admin, invited by e-mail. */
export const createCustomerSchema = z.object({
  company: shownText(COMPANY_MAX).trim().min(1),
  admin_email: email,
  admin_firstname: personName.optional(),
  admin_lastname: personName.optional(),
  language: language.default('en'),
});
export type CreateCustomer = z.input<typeof createCustomerSchema>;
export const customerSummarySchema = z.object({
  id: z.number(),
  company: z.string(),
  users: z.number().int(),
  created_at: z.string(),
});
export const customersResponseSchema = z.object({ data: z.array(customerSummarySchema) });
export const customerCreatedResponseSchema = z.object({
  data: customerSummarySchema.extend({ admin_id: z.number() }),
});

/** GET/PUT /api/admin/sso: the e-mail domains whose first Google or Microsoft sign-in creates a learner. */
const domain = boundedString(253)
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, { message: 'a domain such as example.com' });
export const ssoSettingsSchema = z.object({ domains: z.array(domain).max(50) });
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;
export const ssoSettingsResponseSchema = z.object({ data: ssoSettingsSchema });

/** GET/PUT /api/admin/privacy: whether the customer's coaches see who answered its anonymous surveys (off by default). */
export const privacySettingsSchema = z.strictObject({ coaches_see_anonymous: z.boolean() });
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const privacySettingsResponseSchema = z.object({ data: privacySettingsSchema });
