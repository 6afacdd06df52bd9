import type {
  CoachProfile,
  CoachProfileUpdate,
  CoachTrail,
  CoachUser,
  CoachUsersPage,
  CoachUsersQuery,
  CoachUserTrails,
  ExtendedTime,
  ProfileField,
} from '@cairn/shared';
import { SEARCH_MIN_CHARS } from '@cairn/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { timeNeeds, users } from '../../db/schema';
import { type Actor, isCoach } from '../../lib/actor';
import { assertValid, forbidden, notFound } from '../../lib/http-error';
import { validateProfilePatch, writeProfilePatch } from '../accounts/accounts.service';
import { listUserFields, updateUserFields } from '../reference/reference.service';
import { actorFor } from '../results/results.repo';
import { computeProgress, publicProgress } from '../trails/progress';
import { loadTrailViews } from '../trails/trails.repo';
import { mayEditProfile } from './coach.policy';
import { loadCoachUser, loadCoachUsers, loadRanks, loadTrailTimes } from './coach.repo';

/**
 * The coach view (§6, docs/me-and-coach.md): a user whose role level is above 400 sees and changes the learners of
 * their own customer. Anyone else is refused with 403 on every coach route; a learner of another customer (or none)
 * is a 404, as if it did not exist.
 */
function coachCustomer(actor: Actor): number {
  if (!isCoach(actor) || actor.customerId === null) throw forbidden();
  return actor.customerId;
}

async function learnerOf(db: Db, customerId: number, userId: number): Promise<CoachUser> {
  const user = await loadCoachUser(db, customerId, userId);
  if (!user) throw notFound('User not found');
  return user;
}

/** GET /api/results/users/coach */
export async function listCoachUsers(db: Db, actor: Actor, q: CoachUsersQuery): Promise<CoachUsersPage> {
  const customerId = coachCustomer(actor);
  const search = q.search?.trim() ? q.search.trim() : null;
  if (search !== null && search.length < SEARCH_MIN_CHARS) {
    assertValid({ search: { rule: 'min', params: { length: SEARCH_MIN_CHARS } } });
  }
  const offset = Math.min((q.page - 1) * q.limit, 2_000_000_000);
  const { rows, total } = await loadCoachUsers(db, {
    customerId,
    trailId: q.trail_id ?? null,
    search,
    limit: q.limit,
    offset,
  });
  return {
    data: rows,
    meta: {
      pagination: { total, total_pages: Math.ceil(total / q.limit), current_page: q.page, per_page: q.limit },
    },
  };
}

/** GET /api/results/users/trails/coach/{id}: the learner, their assigned trails with progress, and their profile. */
export async function getCoachUserTrails(db: Db, actor: Actor, userId: number): Promise<CoachUserTrails> {
  const customerId = coachCustomer(actor);
  const user = await learnerOf(db, customerId, userId);
  // a listed learner is a live, non-public user of the coach's customer: the actor the trails module reads for
  const learner = { ...user, customerId, trailId: null, language: '' };
  const [views, times, profile] = await Promise.all([
    actorFor(db, learner).then((a) => loadTrailViews(db, a)),
    loadTrailTimes(db, userId),
    loadProfile(db, actor, userId),
  ]);
  const trails: CoachTrail[] = views.map((v) => {
    const t = times.get(v.trail.id);
    const progress = computeProgress(v.trail, v.pebbles, v.states, v.triesUsed);
    return {
      id: v.trail.id,
      name: v.trail.name,
      icon: v.trail.iconUrl ? { url: v.trail.iconUrl } : null,
      type: v.trail.type as CoachTrail['type'],
      progress: publicProgress(progress),
      started_at: t && progress.answered > 0 ? t.started.toISOString() : null,
      completed_at: t?.completed ? t.completed.toISOString() : null,
      due_on: v.dueOn,
    };
  });
  return { user, trails, profile };
}

/** The profile fields a coach may change, with their values (two statements: the user row, the custom fields). */
async function loadProfile(db: Db, actor: Actor, userId: number): Promise<CoachProfile> {
  const [[row], fields] = await Promise.all([
    db
      .select({
        mobile: users.mobile,
        birth: users.birth,
        nationality_id: users.nationalityId,
        extended_time: timeNeeds.extendedTime,
      })
      .from(users)
      .leftJoin(timeNeeds, eq(timeNeeds.userId, users.id))
      .where(eq(users.id, userId)),
    listUserFields(db, actor, userId),
  ]);
  return {
    mobile: row?.mobile ?? null,
    birth: row?.birth ?? null,
    nationality_id: row?.nationality_id ?? null,
    fields,
    extended_time: (row?.extended_time as ExtendedTime | null) ?? null,
  };
}

/**
 * POST /api/users/{id}: the coach changes what docs/me-and-coach.md lists (names, mobile, birth date, nationality,
 * custom field values, also the ones the learner may not edit). Everything is checked before anything is stored.
 */
export async function updateCoachUser(
  db: Db,
  actor: Actor,
  userId: number,
  input: CoachProfileUpdate,
): Promise<{ user: CoachUser; profile: CoachProfile }> {
  const customerId = coachCustomer(actor);
  await learnerOf(db, customerId, userId);
  const ranks = await loadRanks(db, actor.userId, userId);
  if (!mayEditProfile(ranks.actor, ranks.user)) {
    throw forbidden('A coach may change only the profiles of users below their own role (learners)');
  }
  const { fields, extended_time: need, ...patch } = input;
  await validateProfilePatch(db, patch);
  let stored: ProfileField[] | null = null;
  await db.transaction(async (tx) => {
    if (fields && Object.keys(fields).length > 0) {
      stored = await updateUserFields(tx as unknown as Db, actor, fields, { userId, coach: true });
    }
    await writeProfilePatch(tx as unknown as Db, userId, patch);
    // the extended-time need in timed battles (docs/battles.md): absent leaves it, null removes it
    if (need === null) await tx.delete(timeNeeds).where(eq(timeNeeds.userId, userId));
    else if (need !== undefined)
      await tx
        .insert(timeNeeds)
        .values({ userId, extendedTime: need, setBy: actor.userId })
        .onConflictDoUpdate({
          target: timeNeeds.userId,
          set: { extendedTime: need, setBy: actor.userId, setAt: new Date() },
        });
  });
  const [profile, user] = await Promise.all([loadProfile(db, actor, userId), learnerOf(db, customerId, userId)]);
  return { user, profile: stored ? { ...profile, fields: stored } : profile };
}
