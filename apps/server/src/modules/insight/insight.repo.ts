import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AttemptRow, ChoiceSums, ItemSums, SettledFigures, TrailSums } from './insight.stats';

type Row = Record<string, unknown>;

/** Reads of the coach insight: a fixed number of statements whatever the number of learners (docs/insight.md). */

export interface TrailRow {
  id: number;
  name: string;
  type: 'exam' | 'survey' | 'assessment' | 'battle';
  customer_id: number;
}
export async function loadTrail(db: Db, trailId: number): Promise<TrailRow | undefined> {
  const r = await db.execute<TrailRow & Row>(sql`select id, name, type, customer_id from trails where id = ${trailId}`);
  return r.rows[0];
}

export interface PebbleRow extends ItemSums {
  id: number;
  position: number;
  name: string;
  xp: number;
  reached: number;
  answered: number;
}
/** The trail's pebbles in order, with their running sums and funnel counts. */
export async function loadPebbles(db: Db, trailId: number): Promise<PebbleRow[]> {
  const r = await db.execute<PebbleRow & Row>(sql`
    select p.id, p.position, p.name, p.xp, coalesce(i.n, 0)::int as "n", coalesce(i.sum_f, 0) as "sumF",
           coalesce(i.sum_f2, 0) as "sumF2", coalesce(i.sum_fy, 0) as "sumFy",
           coalesce(f.reached, 0)::int as reached, coalesce(f.answered, 0)::int as answered
      from pebbles p
      left join insight_items i on i.pebble_id = p.id
      left join (select pebble_id, sum(reached) as reached, sum(answered) as answered
                   from (select pebble_id, reached, answered from insight_funnel where trail_id = ${trailId}
                         union all -- the moves not folded in yet (migration 0027)
                         select pebble_id, reached, answered from insight_funnel_moves where trail_id = ${trailId}) m
                  group by pebble_id) f on f.pebble_id = p.id
     where p.trail_id = ${trailId}
     order by p.position, p.id`);
  return r.rows;
}

export interface MineralRow {
  id: number;
  pebble_id: number;
  type: string;
  title: string;
  shared: boolean;
  correct: unknown;
  settings: Record<string, unknown>;
  options: { id: number; value: string; correct: boolean }[];
}
export async function loadMinerals(db: Db, trailId: number): Promise<MineralRow[]> {
  const r = await db.execute<MineralRow & Row>(sql`
    select m.id, m.pebble_id, m.type, m.title, m.shared, m.correct, m.settings,
           coalesce((select json_agg(json_build_object('id', o.id, 'value', o.value, 'correct', o.correct)
                                      order by o.position, o.id)
                       from mineral_options o where o.mineral_id = m.id), '[]'::json) as options
      from minerals m join pebbles p on p.id = m.pebble_id
     where p.trail_id = ${trailId}
     order by p.position, m.position, m.id`);
  return r.rows;
}

export interface ChoiceRow extends ChoiceSums {
  mineral_id: number;
  choice: string;
}
export async function loadChoices(db: Db, trailId: number): Promise<ChoiceRow[]> {
  const r = await db.execute<ChoiceRow & Row>(sql`
    select mineral_id, choice, n, sum_y as "sumY", sum_f as "sumF" from insight_choices
     where trail_id = ${trailId} and n > 0`);
  return r.rows;
}

export interface TrailState extends TrailSums {
  changed_at: Date | string | null;
  computed_at: Date | string | null;
  settled_n: number | null;
  figures: SettledFigures | null;
}
export async function loadTrailState(db: Db, trailId: number): Promise<TrailState> {
  const r = await db.execute<TrailState & Row>(sql`
    select coalesce(t.n, 0)::int as n, coalesce(t.sum_y, 0) as "sumY", coalesce(t.sum_y2, 0) as "sumY2", t.changed_at,
           s.computed_at, s.n as settled_n, s.figures
      from (select 1) one
      left join insight_trails t on t.trail_id = ${trailId}
      left join insight_settled s on s.trail_id = ${trailId}`);
  return r.rows[0];
}

/** The newest free-text answers of each mineral (current answers), at most `limit` each. */
export async function loadTexts(db: Db, mineralIds: number[], limit: number): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (mineralIds.length === 0) return out;
  const r = await db.execute<{ id: number; value: string }>(sql`
    select m.id, x.value from unnest(${`{${mineralIds.join(',')}}`}::int[]) as m(id)
     cross join lateral (select a.value from mineral_answers a
                          where a.mineral_id = m.id and a.value is not null and btrim(a.value) <> ''
                          order by a.updated_at desc, a.user_id limit ${limit}) x`);
  for (const row of r.rows) out.set(row.id, [...(out.get(row.id) ?? []), row.value]);
  return out;
}

/** The job's read: every captured attempt of the trail. */
export async function loadAttempts(db: Db, trailId: number): Promise<AttemptRow[]> {
  const r = await db.execute<AttemptRow & Row>(sql`
    select user_id as "userId", total, seconds, pebble_ids as "pebbleIds", fractions,
           choice_minerals as "choiceMinerals", choice_keys as "choiceKeys"
      from insight_attempts where trail_id = ${trailId}`);
  return r.rows;
}

/** Trails whose sums changed since they were last settled (oldest change first). */
export async function staleTrails(db: Db, limit: number): Promise<number[]> {
  const r = await db.execute<{ trail_id: number }>(sql`
    select t.trail_id from insight_trails t left join insight_settled s on s.trail_id = t.trail_id
     where s.computed_at is null or s.computed_at < t.changed_at
     order by t.changed_at limit ${limit}`);
  return r.rows.map((x) => x.trail_id);
}

export async function storeSettled(db: Db, trailId: number, n: number, figures: SettledFigures, at: Date) {
  await db.execute(sql`
    insert into insight_settled (trail_id, computed_at, n, figures)
    select ${trailId}, ${at.toISOString()}::timestamptz, ${n}, ${JSON.stringify(figures)}::jsonb
     where exists (select 1 from trails where id = ${trailId})
    on conflict (trail_id) do update set computed_at = excluded.computed_at, n = excluded.n, figures = excluded.figures`);
}

/** Folds the funnel's moves into its counts (migration 0027); the number of moves folded. */
export async function foldFunnel(db: Db): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`select cairn_insight_funnel_fold() as n`);
  return r.rows[0].n;
}
