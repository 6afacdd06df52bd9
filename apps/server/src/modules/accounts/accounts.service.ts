import {
  FORM_RULES,
  INVALID_CREDENTIALS_MESSAGE,
  isSupportedLocale,
  type LoginResponse,
  type ProfileUpdate,
  type RuleFailure,
  type User,
  validateForm,
  validateValue,
} from '@cairn/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, namedStatement } from '../../db/client';
import { countries, publicLinks, roles, userRoles, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { fileUrl } from '../../lib/file-urls';
import { assertValid, forbidden, HttpError, notFound } from '../../lib/http-error';
import { hashPassword, needsRehash, verifyDummyPassword, verifyPassword } from '../../lib/password';
import { can as canReference } from '../reference/reference.policy';
import { presentField } from '../reference/reference.presenter';
import { can } from './accounts.policy';
import { type CustomerRow, presentUser, type UserFacts, type UserRow } from './accounts.presenter';
import { revokeAllSessions, type SessionMeta, startSession, type TokenTtls } from './sessions.service';

export const invalidCredentials = () => new HttpError(422, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);

/** The live (not deleted) account with this email, case-insensitively. */
export async function findLiveUserByEmail(db: Db, email: string) {
  const [u] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, email: users.email })
    .from(users)
    // a deactivated account (docs/admin.md) signs in by no way at all: password, provider or reset
    .where(
      and(sql`lower(${users.email}) = lower(${email.trim()})`, isNull(users.deletedAt), isNull(users.deactivatedAt)),
    );
  return u ?? null;
}

/** Counts a sign-in and opens its session; `logins` in the answer is the count before this one. */
export async function signIn(
  db: Db,
  userId: number,
  meta: SessionMeta,
  ttl: TokenTtls,
  acceptedTerms = false,
): Promise<LoginResponse> {
  const [row] = await db
    .update(users)
    .set({
      logins: sql`${users.logins} + 1`,
      ...(acceptedTerms ? { termsAcceptedAt: sql`coalesce(${users.termsAcceptedAt}, now())` } : {}),
    })
    .where(eq(users.id, userId))
    .returning({ logins: users.logins, trailId: users.trailId });
  const tokens = await startSession(db, userId, meta, ttl);
  return { status: 'success', data: { ...tokens, logins: row.logins - 1, trail_id: row.trailId } };
}

/** POST /api/login: the shared login rules, then the password check (timing-equal for unknown accounts). */
export async function passwordLogin(
  db: Db,
  input: { username: string; password: string; accepted?: unknown },
  meta: Omit<SessionMeta, 'method'>,
  ttl: TokenTtls,
): Promise<LoginResponse> {
  assertValid(validateForm(input, FORM_RULES.login));
  const user = await findLiveUserByEmail(db, input.username);
  const ok = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyDummyPassword(input.password);
  if (!user || !ok) throw invalidCredentials();
  if (user.passwordHash && needsRehash(user.passwordHash))
    await upgradeHash(db, user.id, user.passwordHash, input.password);
  const accepted = input.accepted === true || input.accepted === 1 || input.accepted === '1';
  return signIn(db, user.id, { ...meta, method: 'password' }, ttl, accepted);
}

/**
 * Replaces an old hash (scrypt, or argon2id with other parameters) by an argon2id one after a successful check: the
 * only moment the password is known. Only while the row still holds the hash that was checked, so a reset or a
 * password change meanwhile wins.
 */
async function upgradeHash(db: Db, userId: number, checked: string, password: string): Promise<void> {
  // a busy hashing thread (429) must not fail a sign-in whose password was right: the next one upgrades it
  const passwordHash = await hashPassword(password).catch(() => null);
  if (!passwordHash) return;
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, checked)));
}

/** POST /api/public/login/{linkId}: a new account-less user of the link's customer, tied to its trail. */
export async function publicLogin(
  db: Db,
  linkId: string,
  meta: Omit<SessionMeta, 'method'>,
  ttl: TokenTtls,
): Promise<LoginResponse> {
  const [link] = await db.select().from(publicLinks).where(eq(publicLinks.id, linkId));
  if (!link) throw notFound('This link does not exist');
  const userId = await db.transaction(async (tx) => {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(sql`lower(${roles.name}) = 'public'`);
    if (!role) throw new Error('the public role is missing');
    const [u] = await tx
      .insert(users)
      .values({ customerId: link.customerId, trailId: link.trailId, publicLinkId: link.id })
      .returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: u.id, roleId: role.id });
    return u.id;
  });
  return signIn(db, userId, { ...meta, method: 'public' }, ttl);
}

type FieldRow = Parameters<typeof presentField>[0];

/** The profile statement's row: the user's columns the profile shows (named as UserRow), and what it counts. */
interface ProfileRow extends UserRow {
  customerId: number | null;
  /** the customer, when the user has one (a left join) */
  cId: number | null;
  cCompany: string;
  cLogoPath: string | null;
  cStyle: CustomerRow['style'];
  fields: (FieldRow & { value: string | null })[];
  avatars: { id: number; key: string }[];
  /** the user's unread notifications */
  unread: number;
  /** the §3 facts, and the discussions with unread messages (the `chats` counter) */
  facts: UserFacts & { unreadChats: number };
}

/**
 * The user with everything the profile shows in one named statement ($1 user, $2 the actor's customer): the
 * user's columns the presenter reads (birth as its text, as drizzle read it), the customer, the customer's field
 * definitions with the user's values, the vault avatars, the unread notifications and the §3 facts.
 */
const profileRow = namedStatement<ProfileRow>(
  'cairn_profile_row',
  `select u.id, u.customer_id as "customerId", u.email, u.firstname, u.lastname, u.mobile, u.birth::text as birth,
     u.avatar_url as "avatarUrl", u.cover, u.nationality_id as "nationalityId", u.is_root as "isRoot",
     u.is_coach as "isCoach", u.is_admin as "isAdmin", u.is_paused as "isPaused", u.language, u.logins,
     u.trail_id as "trailId", u.created_at as "createdAt", u.updated_at as "updatedAt", u.deleted_at as "deletedAt",
     c.id as "cId", c.company as "cCompany", c.logo_path as "cLogoPath", c.style as "cStyle",
     coalesce((select json_agg(json_build_object(
                 'id', f.id, 'customerId', f.customer_id, 'name', f.name, 'label', f.label, 'type', f.type,
                 'options', f.options, 'edit', f.edit, 'position', f.position, 'value', v.value)
               order by f.position, f.id)
              from profile_fields f
              left join user_field_values v on v.field_id = f.id and v.user_id = u.id
              where f.customer_id = $2), '[]'::json) as fields,
     case when u.avatar_url is null then '[]'::json else coalesce((
       select json_agg(json_build_object('id', m.id, 'key', m.storage_key) order by r.position)
       from vault_relations r join media m on m.id = r.media_id
       where r.model = 'user' and r.model_id = u.id and r.relation = 'avatar'
         and m.deleted_at is null), '[]'::json) end as avatars,
     (select count(*) from notifications n where n.user_id = u.id and n.read_at is null)::int as unread,
     -- one pass over the user's discussions and one over their assignments give every count of each
     (select jsonb_build_object(
         'unreadChats', count(*) filter (where dp.unread > 0),
         'discussions', count(*),
         'unreadMessages', coalesce(sum(dp.unread), 0))
       -- the discussions the user is shown (§6, chat.policy isShown: a non-repliable broadcast or company
       -- discussion only to its owners), so the Chat badge agrees with GET /api/chats
       from discussion_participants dp join discussions d on d.id = dp.discussion_id
       where dp.user_id = u.id
         and ((d.channel <> 'broadcast' and d.type <> 'company') or d.repliable or dp.owner))
     || (select jsonb_build_object(
           'accessible', count(*) filter (where ta.open),
           'inaccessible', count(*) filter (where not ta.open),
           -- new trails: assigned since /games was last opened, open now, not opened yet
           'home', count(*) filter (where ta.open and ta.created_at > coalesce(u.home_seen_at, '-infinity')
                     and not exists (select 1 from pebble_states s
                                     where s.user_id = u.id and s.trail_id = ta.trail_id)))
         from (select a.trail_id, a.created_at,
                      (a.starts_on is null or a.starts_on <= (now() at time zone 'utc')::date) as open
               from trail_assignments a where a.user_id = u.id) ta)
     || jsonb_build_object(
          'vaultRelations', coalesce((select json_agg(json_build_object('relation', r.relation, 'media_id', r.media_id)
                                        order by r.relation, r.position)
                                      from vault_relations r where r.model = 'user' and r.model_id = u.id),
                                     '[]'::json),
          'myVault', (select min(v.id) from vaults v where v.user_id = u.id and v.parent_id is null),
          'firstRewardSeen', u.first_reward_seen_at is not null,
          -- rewards and certificates earned since /me was last opened
          'me', (select count(*) from user_rewards ur where ur.user_id = u.id
                   and ur.achieved_at > coalesce(u.me_seen_at, '-infinity'))
              + (select count(*) from user_certificates uc where uc.user_id = u.id
                   and uc.issued_at > coalesce(u.me_seen_at, '-infinity'))) as facts
   from users u left join customers c on c.id = u.customer_id
   where u.id = $1`,
);

/** The actor's own profile in the User shape (one query). */
export async function getProfile(db: Db, actor: Actor, baseUrl: string): Promise<User> {
  // a customer-less actor has no fields: customer_id = null matches nothing
  const [u] = await profileRow(db, [actor.userId, actor.customerId]);
  if (!u || u.deletedAt || !can(actor, 'profile:read', { userId: u.id, customerId: u.customerId })) throw forbidden();
  const { fields, avatars, unread } = u;
  const { unreadChats, ...facts } = u.facts;
  return presentUser(u, {
    customer: u.cId === null ? null : { id: u.cId, company: u.cCompany, logoPath: u.cLogoPath, style: u.cStyle },
    roles: actor.roles,
    fields: fields.filter((f) => canReference(actor, 'field:read', f)).map((f) => presentField(f, f.value)),
    baseUrl,
    // only users who picked an avatar from the vault have links; without them the stored avatar_url stands in
    avatar: avatars.length ? avatars.map((a) => ({ id: a.id, url: fileUrl(a.key) })) : undefined,
    unreadNotifications: unread,
    unreadChats,
    facts,
  });
}

function toPaused(v: ProfileUpdate['is_paused']): boolean | undefined {
  return v === undefined ? undefined : v === 1 || v === '1';
}

/** Partial update of the actor's own profile; ids in the body are ignored (the schema strips them). */
/** Checks a profile patch (the §8 rules of each field); throws 422 with the failing fields. */
export async function validateProfilePatch(db: Db, input: ProfileUpdate): Promise<void> {
  const failures: Record<string, RuleFailure> = {};
  const check = (field: string, value: unknown, rules: Parameters<typeof validateValue>[1]) => {
    const f = validateValue(value, rules);
    if (f) failures[field] = f;
  };
  if (input.birth) check('birth', input.birth, [{ rule: 'date' }]);
  if (input.mobile) check('mobile', input.mobile, [{ rule: 'regex', pattern: '^\\+?[0-9 ()./-]{4,40}$' }]);
  if (input.language !== undefined && !isSupportedLocale(input.language)) {
    failures.language = { rule: 'oneOf', params: { values: 'a supported language code' } };
  }
  if (input.nationality_id !== undefined && input.nationality_id !== null) {
    const [c] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, input.nationality_id));
    if (!c) failures.nationality_id = { rule: 'oneOf', params: { values: 'a country id' } };
  }
  assertValid(failures);
}

/** Writes a checked profile patch to a live user (fields left undefined are kept). */
export async function writeProfilePatch(db: Db, userId: number, input: ProfileUpdate): Promise<void> {
  const patch = {
    firstname: input.firstname?.trim(),
    lastname: input.lastname?.trim(),
    mobile: input.mobile === '' ? null : input.mobile,
    birth: input.birth === '' ? null : input.birth,
    nationalityId: input.nationality_id,
    language: input.language,
    isPaused: toPaused(input.is_paused),
  };
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
}

export async function updateProfile(db: Db, actor: Actor, input: ProfileUpdate, baseUrl: string): Promise<User> {
  await validateProfilePatch(db, input);
  if (!can(actor, 'profile:update', { userId: actor.userId, customerId: actor.customerId })) throw forbidden();
  await writeProfilePatch(db, actor.userId, input);
  return getProfile(db, actor, baseUrl);
}

/**
 * POST /api/me/seen/{screen}: the user opened /games (home) or /me (me), whose counter starts again from now; or the
 * web showed "Your first reward!" (first_reward), kept from the first time so it shows once per user.
 */
export async function markSeen(
  db: Db,
  actor: Actor,
  screen: 'home' | 'me' | 'first_reward',
  baseUrl: string,
): Promise<User> {
  const now = new Date();
  await db
    .update(users)
    .set(
      screen === 'home'
        ? { homeSeenAt: now }
        : screen === 'me'
          ? { meSeenAt: now }
          : { firstRewardSeenAt: sql`coalesce(${users.firstRewardSeenAt}, ${now})` },
    )
    .where(and(eq(users.id, actor.userId), isNull(users.deletedAt)));
  return getProfile(db, actor, baseUrl);
}

/** Soft-deletes the actor's account: the email is anonymised (freeing it), the password dropped, sessions revoked. */
export async function deleteAccount(db: Db, actor: Actor): Promise<void> {
  if (!can(actor, 'account:delete', { userId: actor.userId, customerId: actor.customerId })) throw forbidden();
  await db
    .update(users)
    .set({
      deletedAt: new Date(),
      email: sql`case when ${users.email} is null then null else 'deleted-' || ${users.id} || '@deleted.invalid' end`,
      passwordHash: null,
      firstname: null,
      lastname: null,
      mobile: null,
      birth: null,
      avatarUrl: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, actor.userId));
  await revokeAllSessions(db, actor.userId);
}
