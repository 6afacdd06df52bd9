import type { BattleStats } from '@cairn/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { BattleAnswerContent } from '../../db/schema';
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
const battleSelectSql = sql`
    select b.id, b.customer_id, b.trail_id, t.name as trail_name, t.style as trail_style,
           b.challenger_id, b.contender_id, b.status, b.created_at, b.challenged_at, b.accepted_at, b.declined_at,
           b.finished_at, b.deadline_at, b.challenger_done_at, b.contender_done_at, b.challenger_score,
           b.contender_score, b.winner_id, b.replacements,
           ${nameSql('cu')} as challenger_name, cu.avatar_url as challenger_avatar,
           ${nameSql('ou')} as contender_name, ou.avatar_url as contender_avatar`;
const battleFromSql = sql`
    from battles b
    join trails t on t.id = b.trail_id
    join users cu on cu.id = b.challenger_id
    join users ou on ou.id = b.contender_id`;
export const battleRowSql = sql`${battleSelectSql} ${battleFromSql}`;

/**
 * The battle with names and trail; `forUpdate` locks the battle row (answers, the end and the jobs serialise on it).
 * `extra`: more columns on the same read (an answer's timing).
 */
export async function loadBattle<X extends object = object>(
  db: Db | Tx,
  id: number,
  forUpdate = false,
  extra?: SQL,
): Promise<(BattleRow & X) | null> {
  const res = await db.execute<BattleRow & X>(sql`${battleSelectSql}${extra ?? sql``} ${battleFromSql}
    where b.id = ${id}
    ${forUpdate ? sql`for update of b` : sql``}`);
  const row = res.rows[0];
  return row ? (normalise(row) as BattleRow & X) : null;
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
  speed_points: number;
  late: boolean;
  answers: BattleAnswerContent[] | null;
};

/** The counted answers of some battles. */
export async function loadAnswers(db: Db | Tx, battleIds: number[]): Promise<BattleAnswerRow[]> {
  if (battleIds.length === 0) return [];
  const res = await db.execute<BattleAnswerRow>(sql`
    select battle_id, user_id, pebble_id, passed, points, speed_points, late, answers from battle_answers
    where battle_id = any(${`{${battleIds.join(',')}}`}::int[])`);
  return res.rows;
}

/** Points a passed battle pebble scores: its xp, or 10 when it gives none. Failed pebbles score 0. */
export const pointsOf = (xp: number, passed: boolean) => (passed ? (xp > 0 ? xp : 10) : 0);

/** Whether `userId` may be challenged on battle trail `trailId` of `customerId` (see eligibleSql). */
export async function isEligible(db: Db | Tx, customerId: number, trailId: number, userId: number): Promise<boolean> {
  const target = await db.execute<{ id: number }>(
    sql`select u.id from users u where u.id = ${userId} and ${eligibleSql(customerId, trailId)}`,
  );
  return target.rows.length > 0;
}

/** A new challenge; its id. A second open battle of the same two on the trail breaks a unique index (23505). */
export async function insertBattle(
  tx: Tx,
  b: { customerId: number; trailId: number; challengerId: number; contenderId: number },
): Promise<number> {
  const res = await tx.execute<{ id: number }>(sql`
        insert into battles (customer_id, trail_id, challenger_id, contender_id)
        values (${b.customerId}, ${b.trailId}, ${b.challengerId}, ${b.contenderId}) returning id`);
  return res.rows[0].id;
}

/** The contender's answer to a challenge: accepted (with its deadline) or declined. */
export async function setAnswered(tx: Tx, id: number, accept: boolean, deadline: Date): Promise<void> {
  if (accept) {
    await tx.execute(sql`update battles set status = 'accepted', accepted_at = now(), deadline_at = ${deadline}
                           where id = ${id}`);
  } else {
    await tx.execute(sql`update battles set status = 'declined', declined_at = now() where id = ${id}`);
  }
}

/** Marks battle `b` finished with both sides' scores summed from their counted answers, and its winner. */
export async function scoreAndFinish(
  tx: Tx,
  b: Pick<BattleRow, 'id' | 'challenger_id' | 'contender_id'>,
): Promise<{ challenger_score: number; contender_score: number }> {
  const res = await tx.execute<{ challenger_score: number; contender_score: number }>(sql`
    update battles set status = 'finished', finished_at = now(),
      challenger_score = coalesce((select sum(points) from battle_answers
                                   where battle_id = ${b.id} and user_id = ${b.challenger_id}), 0),
      contender_score = coalesce((select sum(points) from battle_answers
                                  where battle_id = ${b.id} and user_id = ${b.contender_id}), 0)
    where id = ${b.id} returning challenger_score, contender_score`);
  return res.rows[0];
}

export async function setWinner(tx: Tx, id: number, winner: number | null): Promise<void> {
  await tx.execute(sql`update battles set winner_id = ${winner} where id = ${id}`);
}

/**
 * Counts `userId`'s answer to a pebble of the battle (the first one per pebble; a repeat changes nothing) and
 * adds its points to `side`'s score; the number of pebbles that side has answered now.
 */
export async function countAnswer(
  tx: Tx,
  a: {
    battleId: number;
    userId: number;
    pebbleId: number;
    passed: boolean;
    points: number;
    side: 'challenger' | 'contender';
    /** what was answered; whether it came after the time limit; the speed bonus within `points` */
    answers?: BattleAnswerContent[] | null;
    late?: boolean;
    speed?: number;
  },
): Promise<number> {
  const { battleId, userId, pebbleId, passed, points, side } = a;
  const content = a.answers ? JSON.stringify(a.answers) : null;
  const res = await tx.execute<{ answered: number }>(sql`
    with counted as (
      insert into battle_answers (battle_id, user_id, pebble_id, passed, points, answers, late, speed_points)
      values (${battleId}, ${userId}, ${pebbleId}, ${passed}, ${points}, ${content}::jsonb, ${a.late ?? false},
              ${a.speed ?? 0})
      on conflict do nothing returning points
    ), scored as (
      update battles set ${sql.raw(`${side}_score = ${side}_score`)} + (select points from counted)
      where id = ${battleId} and exists (select 1 from counted) returning id
    )
    select (select count(*) from battle_answers where battle_id = ${battleId} and user_id = ${userId})::int
           + (select count(*) from counted)::int as answered`);
  return res.rows[0].answered;
}

/** Records that `side` has answered every pebble of the battle. */
export async function markDone(tx: Tx, battleId: number, side: 'challenger' | 'contender'): Promise<void> {
  await tx.execute(sql`update battles set ${sql.raw(`${side}_done_at`)} = now() where id = ${battleId}`);
}

export type ContenderRow = {
  id: number;
  name: string;
  avatar: string | null;
  stats: BattleStats;
  open_battle_id: number | null;
  total: number;
};

/** A page of the users `userId` may challenge on the trail, with their stats, any open battle and the total. */
export async function findContenders(
  db: Db,
  q: { customerId: number; userId: number; trailId: number; search: string | null; limit: number; offset: number },
): Promise<ContenderRow[]> {
  const { customerId, userId, trailId, search } = q;
  const res = await db.execute<ContenderRow>(sql`
    select u.id, ${nameSql('u')} as name, u.avatar_url as avatar, ${statsSql('u')} as stats,
           (select b.id from battles b where b.trail_id = ${trailId} and b.status in ('challenged', 'accepted')
              and ((b.challenger_id = ${userId} and b.contender_id = u.id)
                or (b.contender_id = ${userId} and b.challenger_id = u.id)) limit 1) as open_battle_id,
           (count(*) over ())::int as total
    from users u
    where ${eligibleSql(customerId, trailId)} and u.id <> ${userId}
      ${search ? sql`and (${nameSql('u')} ilike ${search} or u.email ilike ${search})` : sql``}
    order by lower(${nameSql('u')}), u.id
    limit ${q.limit} offset ${q.offset}`);
  return res.rows;
}

/** The newest `limit` battles of `userId` (rows not yet normalised). */
export async function loadMyBattleRows(db: Db, userId: number, limit: number): Promise<BattleRow[]> {
  const res = await db.execute<BattleRow>(sql`${battleRowSql}
      where (b.challenger_id = ${userId} or b.contender_id = ${userId})
      order by coalesce(b.finished_at, b.created_at) desc, b.id desc
      limit ${limit}`);
  return res.rows;
}

/** A user's battle stats over finished battles. */
export async function loadStats(db: Db, userId: number): Promise<BattleStats> {
  const res = await db.execute<{ stats: BattleStats }>(
    sql`select ${statsSql('u')} as stats from users u where u.id = ${userId}`,
  );
  return res.rows[0].stats;
}

/** The pebbles of some trails in position order, each with its trail. */
export async function loadPebblesOfTrails(
  db: Db,
  trailIds: number[],
): Promise<(BattlePebble & { trail_id: number })[]> {
  if (trailIds.length === 0) return [];
  const res = await db.execute<BattlePebble & { trail_id: number }>(sql`
          select id, name, xp, trail_id from pebbles where trail_id = any(${`{${trailIds.join(',')}}`}::int[])
          order by position, id`);
  return res.rows;
}
