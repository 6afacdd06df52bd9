import { type ProfileField, profileCompletion, resolveLocale, type User } from '@cairn/shared';
import type { CustomerStyle } from '../../db/schema';
import { fileUrl } from '../../lib/file-urls';
import { presentLocales } from '../reference/reference.presenter';

export interface UserRow {
  id: number;
  email: string | null;
  firstname: string | null;
  lastname: string | null;
  mobile: string | null;
  birth: string | null;
  avatarUrl: string | null;
  cover: string | null;
  nationalityId: number | null;
  isRoot: boolean;
  isCoach: boolean;
  isAdmin: boolean;
  isPaused: boolean;
  language: string;
  logins: number;
  trailId: number | null;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export interface CustomerRow {
  id: number;
  company: string;
  logoPath: string | null;
  style: CustomerStyle;
}

const readableDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * presentLocales() once for the process: every profile carries the same list. Frozen, so the trusted serializer
 * picks it once too (lib/trusted-json.ts).
 */
const SUPPORTED_LANGUAGES: User['supported_languages'] = Object.freeze(
  presentLocales().map((l) => Object.freeze(l)),
) as User['supported_languages'];

/** The customer as the client brands itself with it. */
export function presentCustomer(c: CustomerRow): NonNullable<User['customer']> {
  return {
    id: c.id,
    company: c.company,
    logo: c.logoPath ? [{ url: fileUrl(c.logoPath) }] : [],
    style: c.style,
  };
}

/** Counts and links of the §3 User shape beyond the row (docs/me-and-coach.md). */
export interface UserFacts {
  home: number;
  me: number;
  discussions: number;
  vaultRelations: { relation: string; media_id: number }[];
  myVault: number | null;
  accessible: number;
  inaccessible: number;
  unreadMessages: number;
  /** "Your first reward!" was shown to this user (migration 0025) */
  firstRewardSeen: boolean;
}
const NO_FACTS: UserFacts = {
  home: 0,
  me: 0,
  discussions: 0,
  vaultRelations: [],
  myVault: null,
  accessible: 0,
  inaccessible: 0,
  unreadMessages: 0,
  firstRewardSeen: false,
};

/** Row → the User shape of the shared contract. */
export function presentUser(
  u: UserRow,
  extra: {
    customer: CustomerRow | null;
    roles: { name: string; level: number }[];
    fields: ProfileField[];
    baseUrl: string;
    /** the vault images linked as avatar; without it the stored avatar_url stands in */
    avatar?: { id: number; url: string }[];
    /** the `notifications` counter of the notification list (the other slugs' features have not landed) */
    unreadNotifications?: number;
    /** the `chats` counter: discussions with unread messages */
    unreadChats?: number;
    /** the rest of the §3 User facts, counted in the profile statement */
    facts?: Partial<UserFacts>;
  },
): User {
  const avatar = extra.avatar ?? (u.avatarUrl ? [{ id: u.id, url: u.avatarUrl }] : []);
  const facts: UserFacts = { ...NO_FACTS, ...extra.facts };
  return {
    id: u.id,
    real_id: u.id,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    mobile: u.mobile,
    birth: u.birth,
    avatar,
    cover: u.cover,
    nationality_id: u.nationalityId,
    is_root: u.isRoot,
    is_coach: u.isCoach,
    is_admin: u.isAdmin,
    is_paused: u.isPaused ? 1 : 0,
    roles: extra.roles,
    logins: u.logins,
    active: !u.isPaused && u.deletedAt === null,
    notifications: {
      home: facts.home,
      me: facts.me,
      chats: extra.unreadChats ?? 0,
      notifications: extra.unreadNotifications ?? 0,
    },
    discussions: facts.discussions,
    vault_relations: facts.vaultRelations,
    my_vault: facts.myVault,
    accessible_trails: facts.accessible,
    in_accessible_trails: facts.inaccessible,
    notification_chat: facts.unreadMessages,
    first_reward_seen: facts.firstRewardSeen,
    supported_languages: SUPPORTED_LANGUAGES,
    fields: extra.fields,
    customer: extra.customer ? presentCustomer(extra.customer) : null,
    base_url: extra.baseUrl,
    language: resolveLocale(u.language),
    trail_id: u.trailId,
    created_at: u.createdAt.toISOString(),
    readable_created_at: readableDate.format(u.createdAt),
    updated_at: u.updatedAt.toISOString(),
    deleted_at: u.deletedAt?.toISOString() ?? null,
    profile_completion: profileCompletion({
      firstname: u.firstname,
      lastname: u.lastname,
      mobile: u.mobile,
      birth: u.birth,
      nationality_id: u.nationalityId,
      avatar,
      fields: extra.fields,
    }),
  };
}
