import { z } from 'zod';
import { dbId } from './ids';
import { boundedString, shownText } from './strings';

/** Customer administration of teams and trails (docs/admin.md, issue 30). */

export const TEAM_NAME_MAX = 100;
/** How many people or teams one request may name. */
export const ADMIN_IDS_MAX = 10_000;
/** The largest package upload: a YAML/JSON text or a zip with its media. */
export const PACKAGE_MAX_BYTES = 50 * 1024 * 1024;
/** A package's text (YAML/JSON), inside a zip or alone. */
export const PACKAGE_TEXT_MAX_BYTES = 2 * 1024 * 1024;

const day = boundedString(10).regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'a date (YYYY-MM-DD)' });
const idList = z.array(dbId).max(ADMIN_IDS_MAX);

export const teamMemberSchema = z.object({
  id: z.number(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string().nullable(),
  /** the team's admin (the discussion's owner), shown as Admin in the team profile (§6) */
  admin: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const adminTeamSchema = z.object({
  id: z.number(),
  name: z.string(),
  members: z.array(teamMemberSchema),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;
export const adminTeamsResponseSchema = z.object({ data: z.array(adminTeamSchema) });
export const adminTeamResponseSchema = z.object({ data: adminTeamSchema });

const teamName = shownText(TEAM_NAME_MAX).trim().min(1);
export const teamCreateSchema = z.object({
  name: teamName,
  member_ids: idList.default([]),
  /** one of the members (added when not listed) */
  admin_id: dbId.nullable().optional(),
});
export type TeamCreate = z.input<typeof teamCreateSchema>;
export const teamUpdateSchema = z.object({
  name: teamName.optional(),
  /** a member of the team, or null: no admin */
  admin_id: dbId.nullable().optional(),
});
export type TeamUpdate = z.input<typeof teamUpdateSchema>;
export const teamMembersSchema = z.object({ user_ids: idList.min(1) });

export const TRAIL_STATES = ['draft', 'published', 'retired'] as const;
export type TrailState = (typeof TRAIL_STATES)[number];

export const publicLinkSchema = z.object({ id: z.string(), url: z.string(), created_at: z.string() });
export type PublicLink = z.infer<typeof publicLinkSchema>;

export const adminTrailSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  created_at: z.string(),
  state: z.enum(TRAIL_STATES),
  pebbles: z.number(),
  /** people the trail is assigned to */
  assigned: z.number(),
  links: z.array(publicLinkSchema),
});
export type AdminTrail = z.infer<typeof adminTrailSchema>;
export const adminTrailsResponseSchema = z.object({ data: z.array(adminTrailSchema) });
export const adminTrailResponseSchema = z.object({ data: adminTrailSchema });

/** A checked package: on a dry run nothing is imported and `id` is null. */
export const packageUploadResponseSchema = z.object({
  data: z.object({ id: z.number().nullable(), name: z.string(), type: z.string(), pebbles: z.number() }),
});
export type PackageUpload = z.infer<typeof packageUploadResponseSchema>['data'];

export const assignmentTargetsSchema = z.object({
  user_ids: idList.default([]),
  team_ids: idList.default([]),
  /** every account of the customer (public-link visitors aside) */
  everyone: z.boolean().default(false),
});
export const assignSchema = assignmentTargetsSchema.extend({
  starts_on: day.nullable().optional(),
  due_on: day.nullable().optional(),
});
export type AssignInput = z.input<typeof assignSchema>;
export const assignmentResultSchema = z.object({ data: z.object({ people: z.number() }) });

export const previewResponseSchema = z.object({ data: z.object({ trail_id: z.number() }) });
