import {
  BATTLE_TIMING,
  type BattleReveal,
  EXTENDED_TIME_FACTORS,
  type ExtendedTime,
  MINERAL_RULEBOOK,
  type MineralType,
} from '@cairn/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { BattleAnswerContent } from '../../db/schema';
import type { BattleAnswerRow, BattlePebble } from './battles.repo';

/** A battle trail's timing for one player: the package's limit, its speed bonus, the player's extended-time need. */
export type Timing = { seconds: number | null; speedBonus: boolean; need: ExtendedTime | null };

/**
 * The timing columns of a battle row for `userId` answering `pebbleId` (a fragment of the locking read, so an
 * answer costs no extra statement): the package's limit and speed bonus, the player's need, and how long ago (by
 * the database's clock) the question was served to them, null when it never was.
 */
export const timingColumnsSql = (userId: number, pebbleId: number) => sql`,
    (select s.seconds_per_question from battle_settings s where s.trail_id = b.trail_id) as t_seconds,
    (select s.speed_bonus from battle_settings s where s.trail_id = b.trail_id) as t_speed_bonus,
    (select n.extended_time from time_needs n where n.user_id = ${userId}) as t_need,
    (select (extract(epoch from clock_timestamp() - v.served_at) * 1000)::int from battle_serves v
      where v.battle_id = b.id and v.user_id = ${userId} and v.pebble_id = ${pebbleId}) as t_elapsed_ms`;

export type TimingColumns = {
  t_seconds?: number | null;
  t_speed_bonus?: boolean | null;
  t_need?: ExtendedTime | null;
  t_elapsed_ms?: number | null;
};

/** The timing of a row read with timingColumnsSql. */
export const timingOf = (r: TimingColumns): Timing & { elapsedMs: number | null } => ({
  seconds: r.t_seconds ?? null,
  speedBonus: !!r.t_speed_bonus,
  need: r.t_need ?? null,
  elapsedMs: r.t_elapsed_ms ?? null,
});

/** The timing of `trailId` for `userId` (one statement; the battle's read, not an answer). */
export async function loadTiming(db: Db | Tx, trailId: number, userId: number): Promise<Timing> {
  const res = await db.execute<TimingColumns>(sql`
    select s.seconds_per_question as t_seconds, s.speed_bonus as t_speed_bonus, n.extended_time as t_need
    from (select 1) one
    left join battle_settings s on s.trail_id = ${trailId}
    left join time_needs n on n.user_id = ${userId}`);
  return timingOf(res.rows[0]);
}

/**
 * How long ago question `pebbleId` of the battle was served to `userId`, in ms; null when it never was. With
 * `first`, serves it now unless it was already: the first serve is the one kept (a reload, a second tab or an
 * opponent's update never restarts the clock). One statement.
 */
export async function servedAgo(
  db: Db | Tx,
  q: { battleId: number; userId: number; pebbleId: number; first: boolean },
): Promise<number | null> {
  const { battleId, userId, pebbleId } = q;
  const res = await db.execute<{ elapsed_ms: number | null }>(sql`
    with ins as (
      insert into battle_serves (battle_id, user_id, pebble_id)
      select ${battleId}, ${userId}, ${pebbleId} where ${q.first}
      on conflict do nothing returning served_at
    )
    select (extract(epoch from clock_timestamp() - coalesce(
      (select served_at from ins),
      (select served_at from battle_serves where battle_id = ${battleId} and user_id = ${userId} and pebble_id = ${pebbleId})
    )) * 1000)::int as elapsed_ms`);
  const ms = res.rows[0]?.elapsed_ms;
  return ms == null ? null : Math.max(0, ms);
}

/** The player's limit per question in ms: the package's seconds times their need; null when untimed. */
export function limitMs(t: Pick<Timing, 'seconds' | 'need'>): number | null {
  if (t.seconds === null) return null;
  const factor = t.need ? EXTENDED_TIME_FACTORS[t.need] : 1;
  return factor === null ? null : Math.round(t.seconds * factor * 1000);
}

/**
 * The points of a battle answer (docs/battles.md). Untimed battles: the pebble's points when passed. Timed: an
 * answer later than the player's limit (plus the network grace), or to a question the server never served, scores
 * 0. With the speed bonus, a right answer in time earns up to half its points on top, by the share of time left;
 * a player with the untimed need gets half that maximum (what an answer at mid-time earns), whatever their time.
 */
export function scoreAnswer(
  base: number,
  passed: boolean,
  t: Timing & { elapsedMs: number | null },
): { points: number; speed: number; late: boolean } {
  if (t.seconds === null) return { points: base, speed: 0, late: false };
  const limit = limitMs(t);
  const late = limit !== null && (t.elapsedMs === null || t.elapsedMs > limit + BATTLE_TIMING.graceMs);
  if (late) return { points: 0, speed: 0, late: true };
  if (!t.speedBonus || !passed || base === 0) return { points: base, speed: 0, late: false };
  const left = limit === null ? 0.5 : Math.max(0, 1 - (t.elapsedMs ?? 0) / limit);
  const speed = Math.round(base * BATTLE_TIMING.speedBonusShare * left);
  return { points: base + speed, speed, late: false };
}

type RevealMineral = {
  id: number;
  pebble_id: number;
  type: string;
  correct: { values?: string[] } | null;
  feedback: string | null;
  options: { id: number; value: string; correct: boolean }[];
};

/** The minerals (with their options, in order) and feedback of a trail's pebbles: one statement. */
export async function loadRevealMinerals(db: Db | Tx, trailId: number): Promise<RevealMineral[]> {
  const res = await db.execute<RevealMineral>(sql`
    select m.id, m.pebble_id, m.type, m.correct, p.feedback,
           coalesce((select json_agg(json_build_object('id', o.id, 'value', o.value, 'correct', o.correct)
                                     order by o.position, o.id)
                     from mineral_options o where o.mineral_id = m.id), '[]'::json) as options
    from minerals m join pebbles p on p.id = m.pebble_id
    where p.trail_id = ${trailId}
    order by m.pebble_id, m.position, m.id`);
  return res.rows;
}

const ruleOf = (type: string) => MINERAL_RULEBOOK[type as MineralType]?.scoring ?? 'any';

/** The right answer of a mineral as text; null when any answer is right. */
function rightText(m: RevealMineral): string | null {
  switch (ruleOf(m.type)) {
    case 'same_set':
    case 'correct_sequence': {
      const right = m.options.filter((o) => o.correct).map((o) => o.value);
      return right.length > 0 ? right.join(', ') : null;
    }
    case 'declared_order':
      return m.options.map((o) => o.value).join(', ');
    case 'accepted_value': {
      const values = m.correct?.values ?? [];
      return values.length > 0 ? values[0] : null;
    }
    default:
      return null;
  }
}

/** What was answered to a mineral, as text. */
function givenText(m: RevealMineral, a: BattleAnswerContent | undefined): string {
  if (!a) return '';
  if (a.options && a.options.length > 0) {
    const byId = new Map(m.options.map((o) => [o.id, o.value]));
    return a.options.map((id) => byId.get(id) ?? '').join(', ');
  }
  return a.value ?? '';
}

/**
 * The reveals of the questions `viewer` has answered, in the trail's order: their answer, the right one, the
 * feedback, and the opponent's answer when the opponent has answered that question too.
 */
export function presentReveals(
  pebbles: BattlePebble[],
  minerals: RevealMineral[],
  answers: BattleAnswerRow[],
  viewer: number,
  opponent: number,
): BattleReveal[] {
  const find = (userId: number, pebbleId: number) =>
    answers.find((a) => a.user_id === userId && a.pebble_id === pebbleId);
  const reveals: BattleReveal[] = [];
  for (const p of pebbles) {
    const mine = find(viewer, p.id);
    if (!mine) continue;
    const ms = minerals.filter((m) => m.pebble_id === p.id);
    const side = (a: BattleAnswerRow) => ({
      answers: ms
        .map((m) =>
          givenText(
            m,
            a.answers?.find((x) => x.mineralId === m.id),
          ),
        )
        .filter((s) => s !== ''),
      passed: a.passed,
      points: a.points,
      speed_points: a.speed_points,
      late: a.late,
    });
    const theirs = find(opponent, p.id);
    reveals.push({
      pebble_id: p.id,
      name: p.name,
      correct: ms.map(rightText).filter((s): s is string => s !== null),
      feedback: ms[0]?.feedback ?? null,
      mine: side(mine),
      opponent: theirs ? side(theirs) : null,
    });
  }
  return reveals;
}
