import type { CoachUser } from '@cairn/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, executePrepared } from '../../db/client';
import type { Rank } from './coach.policy';

/** The learners a coach lists: live users of the customer who are not public users. A condition on `users u`. */
const learnersOf = (customerId: number) =>
  sql`u.customer_id = ${customerId} and u.deleted_at is null and u.trail_id is null and u.public_link_id is null`;

type CoachUserRow = Omit<CoachUser, 'last_active_at'> & { last_active_at: Date | string | null; total?: number };

const selection = sql`u.id, u.firstname, u.lastname, u.email, u.avatar_url as avatar,
  coalesce(s.xp, 0)::int as xp, coalesce(s.crowns, 0)::int as crowns,
  coalesce(s.trails_completed, 0)::int as trails_completed, coalesce(s.trails_assigned, 0)::int as trails_assigned,
  s.last_active_at`;

const present = (r: CoachUserRow): CoachUser => ({
  id: r.id,
  firstname: r.firstname,
  lastname: r.lastname,
  email: r.email,
  avatar: r.avatar,
  xp: r.xp,
  crowns: r.crowns,
  trails_completed: r.trails_completed,
  trails_assigned: r.trails_assigned,
  last_active_at: r.last_active_at === null ? null : new Date(r.last_active_at).toISOString(),
});

export interface CoachUsersFilter {
  customerId: number;
  trailId: number | null;
  /** at least 2 characters, or null */
  search: string | null;
  limit: number;
  offset: number;
}

/** Escapes LIKE's wildcards so a search matches its characters literally. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of the customer's learners with their totals (user_scores), by last name, first name and id; the
 * number matching comes with every row (one statement).
 */
export async function loadCoachUsers(db: Db, f: CoachUsersFilter): Promise<{ rows: CoachUser[]; total: number }> {
  // coaches are not listed among the learners (their own account included); one by id they still are, for the rank check
  const conditions: SQL[] = [learnersOf(f.customerId), sql`not u.is_coach`];
  if (f.trailId !== null) {
    conditions.push(
      sql`exists (select 1 from trail_assignments a where a.user_id = u.id and a.trail_id = ${f.trailId})`,
    );
  }
  if (f.search !== null) {
    const p = likePattern(f.search);
    // one pass over "first last first email" (matches "Lena Le", "Learner Lena" and the address), the expression of
    // the trigram index users_coach_search_idx (migration 0012)
    conditions.push(
      sql`(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '') || ' ' || coalesce(u.firstname, '') || ' ' || coalesce(u.email, '')) ilike ${p}`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  // the page through the (customer, last name, first name, id) index, and the count beside it: one statement
  const rows = await executePrepared<CoachUserRow>(
    db,
    sql`
    select ${selection}, (select count(*) from users u where ${where}) as total
    from (select u.* from users u where ${where}
          order by lower(u.lastname), lower(u.firstname), u.id
          limit ${f.limit} offset ${f.offset}) u
    left join user_scores s on s.user_id = u.id
    order by lower(u.lastname), lower(u.firstname), u.id`,
  );
  const total = rows.length > 0 ? Number(rows[0].total) : await countCoachUsers(db, where, f.offset);
  return { rows: rows.map(present), total };
}

/** The count when the page came back empty (a page past the end): no row carried it. */
async function countCoachUsers(db: Db, where: SQL, offset: number): Promise<number> {
  if (offset === 0) return 0;
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from users u where ${where}`);
  return Number(res.rows[0].n);
}

/** One learner of the customer with their totals, or null. */
export async function loadCoachUser(db: Db, customerId: number, userId: number): Promise<CoachUser | null> {
  const [row] = await executePrepared<CoachUserRow>(
    db,
    sql`
    select ${selection} from users u left join user_scores s on s.user_id = u.id
    where u.id = ${userId} and ${learnersOf(customerId)}`,
  );
  return row ? present(row) : null;
}

/** When the learner started and completed each trail of the current attempt (trail_progress). */
export async function loadTrailTimes(
  db: Db,
  userId: number,
): Promise<Map<number, { started: Date; completed: Date | null }>> {
  const res = await db.execute<{ trail_id: number; started_at: Date | string; completed_at: Date | string | null }>(
    sql`select trail_id, started_at, completed_at from trail_progress where user_id = ${userId}`,
  );
  return new Map(
    res.rows.map((r) => [
      r.trail_id,
      { started: new Date(r.started_at), completed: r.completed_at === null ? null : new Date(r.completed_at) },
    ]),
  );
}

/** The rank (highest role level, customer admin flag) of the actor and of the user, in one statement. */
export async function loadRanks(db: Db, actorId: number, userId: number): Promise<{ actor: Rank; user: Rank }> {
  const res = await db.execute<{ id: number; level: number; is_admin: boolean }>(
    sql`select u.id, u.is_admin,
      coalesce((select max(r.level) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id), 0)::int
        as level
    from users u where u.id in (${actorId}, ${userId})`,
  );
  const rank = (id: number): Rank => {
    const row = res.rows.find((r) => r.id === id);
    return { level: row?.level ?? 0, isAdmin: row?.is_admin ?? false };
  };
  return { actor: rank(actorId), user: rank(userId) };
}
