import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { COACH_LEVEL } from '../../lib/actor';

/** The display name of users row `u` (first and last name, else the e-mail), as chat shows it. */
export const nameSql = (u: string) =>
  sql.raw(`coalesce(nullif(trim(concat_ws(' ', ${u}.firstname, ${u}.lastname)), ''), ${u}.email, '')`);

/**
 * Users of `customerId` who may play battle trail `trailId` against someone: assigned to it, live, not paused,
 * neither public users nor coaches. A condition on `users u`.
 */
export function eligibleSql(customerId: number, trailId: number): SQL {
  return sql`u.customer_id = ${customerId} and u.deleted_at is null and not u.is_paused
    and exists (select 1 from trail_assignments ta where ta.trail_id = ${trailId} and ta.user_id = u.id)
    and not exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                    where ur.user_id = u.id and (lower(r.name) = 'public' or r.level > ${COACH_LEVEL}))`;
}

/** Battle stats of users row `u` over finished battles, as a JSON object (battles, points, won, draw, lost). */
export const statsSql = (u: string) =>
  sql.raw(`(select json_build_object(
      'battles', count(*)::int,
      'points', coalesce(sum(case when b.challenger_id = ${u}.id then b.challenger_score else b.contender_score end), 0)::int,
      'won', (count(*) filter (where b.winner_id = ${u}.id))::int,
      'draw', (count(*) filter (where b.winner_id is null))::int,
      'lost', (count(*) filter (where b.winner_id is not null and b.winner_id <> ${u}.id))::int)
    from battles b where b.status = 'finished' and (b.challenger_id = ${u}.id or b.contender_id = ${u}.id))`);

export type BattleTrail = {
  id: number;
  name: string;
  type: string;
  customer_id: number;
  style: { color0: { r: number; g: number; b: number }; color1: { r: number; g: number; b: number } } | null;
  assigned: boolean;
};

/** A trail of the actor's customer with whether the actor is assigned to it; null when none. */
export async function loadBattleTrail(db: Db | Tx, customerId: number, userId: number, trailId: number) {
  const res = await db.execute<BattleTrail>(sql`
    select t.id, t.name, t.type, t.customer_id, t.style,
           exists (select 1 from trail_assignments ta where ta.trail_id = t.id and ta.user_id = ${userId}) as assigned
    from trails t where t.id = ${trailId} and t.customer_id = ${customerId}`);
  return res.rows[0] ?? null;
}

/** A battle row as the service works on it, with both players' names and avatars and the trail. */
export type BattleRow = {
  id: number;
  customer_id: number;
  trail_id: number;
  trail_name: string;
  trail_style: BattleTrail['style'];
  challenger_id: number;
  contender_id: number;
  status: 'challenged' | 'accepted' | 'declined' | 'finished';
  created_at: Date;
  challenged_at: Date;
  accepted_at: Date | null;
  declined_at: Date | null;
  finished_at: Date | null;
  deadline_at: Date | null;
  challenger_done_at: Date | null;
  contender_done_at: Date | null;
  challenger_score: number;
  contender_score: number;
  winner_id: number | null;
  replacements: number;
  challenger_name: string;
  challenger_avatar: string | null;
  contender_name: string;
  contender_avatar: string | null;
};

/** The battle row with its trail and both sides' names: the select and joins a single battle and the lists share. */
export const battleRowSql = sql`
    select b.id, b.customer_id, b.trail_id, t.name as trail_name, t.style as trail_style,
           b.challenger_id, b.contender_id, b.status, b.created_at, b.challenged_at, b.accepted_at, b.declined_at,
           b.finished_at, b.deadline_at, b.challenger_done_at, b.contender_done_at, b.challenger_score,
           b.contender_score, b.winner_id, b.replacements,
           ${nameSql('cu')} as challenger_name, cu.avatar_url as challenger_avatar,
           ${nameSql('ou')} as contender_name, ou.avatar_url as contender_avatar
    from battles b
    join trails t on t.id = b.trail_id
    join users cu on cu.id = b.challenger_id
    join users ou on ou.id = b.contender_id`;

/** The battle with names and trail; `forUpdate` locks the battle row (answers, the end and the jobs serialise on it). */
export async function loadBattle(db: Db | Tx, id: number, forUpdate = false): Promise<BattleRow | null> {
  const res = await db.execute<BattleRow>(sql`${battleRowSql}
    where b.id = ${id}
    ${forUpdate ? sql`for update of b` : sql``}`);
  const row = res.rows[0];
  return row ? normalise(row) : null;
}

/** node-postgres returns timestamps from execute() as Date; JSON sub-selects as strings: keep both as Date. */
export function normalise(row: BattleRow): BattleRow {
  for (const k of [
    'created_at',
    'challenged_at',
    'accepted_at',
    'declined_at',
    'finished_at',
    'deadline_at',
    'challenger_done_at',
    'contender_done_at',
  ] as const) {
    const v = row[k];
    if (v !== null && !(v instanceof Date)) (row as unknown as Record<string, unknown>)[k] = new Date(v as string);
  }
  return row;
}

export type BattlePebble = {
  id: number;
  name: string;
  xp: number;
};

/** The pebbles of a trail in position order. */
export async function loadPebbles(db: Db | Tx, trailId: number): Promise<BattlePebble[]> {
  const res = await db.execute<BattlePebble>(
    sql`select id, name, xp from pebbles where trail_id = ${trailId} order by position, id`,
  );
  return res.rows;
}

export type BattleAnswerRow = {
  battle_id: number;
  user_id: number;
  pebble_id: number;
  passed: boolean;
  points: number;
};

/** The counted answers of some battles. */
export async function loadAnswers(db: Db | Tx, battleIds: number[]): Promise<BattleAnswerRow[]> {
  if (battleIds.length === 0) return [];
  const res = await db.execute<BattleAnswerRow>(sql`
    select battle_id, user_id, pebble_id, passed, points from battle_answers
    where battle_id = any(${`{${battleIds.join(',')}}`}::int[])`);
  return res.rows;
}

/** Points a passed battle pebble scores: its xp, or 10 when it gives none. Failed pebbles score 0. */
export const pointsOf = (xp: number, passed: boolean) => (passed ? (xp > 0 ? xp : 10) : 0);
