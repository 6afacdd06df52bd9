import { and, asc, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, namedStatement, preparedPer } from '../../db/client';
import { pebbleStates, type RewardDecl, trailAssignments, trailProgress, trails, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { type AttemptRow, attemptColumns } from './attempt';
import type { PebbleLite, PebbleMark, StateLite } from './progress';

export const coach = alias(users, 'coach');

export type TrailRow = typeof trails.$inferSelect;
/** What lists and the navigator need of a pebble. */
export interface PebbleSummary extends PebbleLite {
  name: string;
  faIcon: string;
  faIconBackground: string | null;
  faIconBorder: string | null;
}
export interface TrailView {
  trail: TrailRow;
  coach: { id: number; firstname: string | null; lastname: string | null } | null;
  pebbles: PebbleSummary[];
  states: Map<number, StateLite>;
  triesUsed: number;
  /** the actor's assignment dates (YYYY-MM-DD), when set: not playable before startsOn; due on dueOn */
  startsOn: string | null;
  dueOn: string | null;
}

/** Trails the actor may play: their customer's, and assigned to them (or the public user's own trail). */
export function playableBy(actor: Actor): SQL {
  const assigned = sql`exists (select 1 from ${trailAssignments} where ${trailAssignments.trailId} = ${trails.id} and ${trailAssignments.userId} = ${actor.userId})`;
  return and(
    actor.customerId === null ? sql`false` : eq(trails.customerId, actor.customerId),
    actor.trailId === null ? assigned : or(assigned, eq(trails.id, actor.trailId)),
  )!;
}

/**
 * `playableBy` with the actor as placeholders (userId, customerId, trailId), for prepared statements.
 * A null customerId or trailId compares as null: `false` and "not the public user's trail", as above.
 */
export const playableByPlaceholders = sql`${trails.customerId} = ${sql.placeholder('customerId')}
  and (exists (select 1 from ${trailAssignments} where ${trailAssignments.trailId} = ${trails.id}
                 and ${trailAssignments.userId} = ${sql.placeholder('userId')})
       or ${trails.id} = ${sql.placeholder('trailId')})`;

/** A state as the view query sends it: answered_at as epoch milliseconds. */
export interface StateJson {
  pebbleId: number;
  answeredAt: number | null;
  passed: boolean | null;
}

/** The trail's pebbles as PebbleSummary JSON, in position order, as SQL text over the trail id expression `trail`. */
export const pebbleSummariesJson = (trail: string) => `coalesce((select json_agg(json_build_object(
    'id', p.id, 'trailId', p.trail_id, 'position', p.position, 'stage', p.stage, 'xp', p.xp, 'name', p.name,
    'faIcon', p.fa_icon, 'faIconBackground', p.fa_icon_background, 'faIconBorder', p.fa_icon_border)
    order by p.position, p.id)
  from pebbles p where p.trail_id = ${trail}), '[]'::json)`;

/** A state `s` (a pebble_states row) as StateJson: answered_at as epoch milliseconds. */
const STATE_JSON = `json_build_object('pebbleId', s.pebble_id, 'passed', s.passed,
    'answeredAt', floor(extract(epoch from s.answered_at) * 1000)::int8)`;

/** The actor's states on the trail as StateJson, as SQL text over the SQL expressions `user` and `trail` (viewSelection's states). */
export const statesJson = (user: string, trail: string) => `coalesce((select json_agg(${STATE_JSON})
  from pebble_states s where s.user_id = ${user} and s.trail_id = ${trail}), '[]'::json)`;

/**
 * `playableBy` as SQL text for the named statements: `tr` the trail, `ta` the actor's assignment to it (left
 * joined); $2 the actor's customer, $3 the public user's trail (null compares as "not it").
 */
export const playableText = (tr: string, ta: string) =>
  `${tr}.customer_id = $2 and (${ta}.user_id is not null or ${tr}.id = $3)`;

/**
 * The view's columns: the trail, its coach, and as JSON sub-selects its pebbles (in position order),
 * the actor's pebble states and tries used. The outer trail is written `trails.…` explicitly.
 */
export function viewSelection(userId: Placeholder | number) {
  return {
    trail: trails,
    coach: { id: coach.id, firstname: coach.firstname, lastname: coach.lastname },
    pebbles: sql<PebbleSummary[]>`${sql.raw(pebbleSummariesJson('"trails"."id"'))}`,
    states: sql<StateJson[]>`coalesce((select json_agg(${sql.raw(STATE_JSON)})
      from ${pebbleStates} s where s.user_id = ${userId} and s.trail_id = "trails"."id"), '[]'::json)`,
    triesUsed: sql<number>`coalesce((select tp.tries_used from ${trailProgress} tp
      where tp.user_id = ${userId} and tp.trail_id = "trails"."id"), 0)`,
    schedule: sql<ScheduleJson | null>`(select json_build_object('startsOn', ta.starts_on, 'dueOn', ta.due_on)
      from ${trailAssignments} ta where ta.user_id = ${userId} and ta.trail_id = "trails"."id")`,
  };
}

type ScheduleJson = { startsOn: string | null; dueOn: string | null };
export type ViewRow = {
  trail: TrailRow;
  coach: TrailView['coach'];
  pebbles: PebbleSummary[];
  states: StateJson[];
  triesUsed: number;
  schedule: ScheduleJson | null;
};

/** States as the view query sends them → the map progress works on. */
export function statesOf(rows: StateJson[]): Map<number, StateLite> {
  return new Map(
    rows.map((s) => [
      s.pebbleId,
      {
        pebbleId: s.pebbleId,
        answeredAt: s.answeredAt === null ? null : new Date(Number(s.answeredAt)),
        passed: s.passed,
      },
    ]),
  );
}

export function toViews(rows: ViewRow[]): TrailView[] {
  return rows.map((r) => ({
    trail: r.trail,
    coach: r.coach?.id ? r.coach : null,
    pebbles: r.pebbles,
    states: statesOf(r.states),
    triesUsed: Number(r.triesUsed),
    startsOn: r.schedule?.startsOn ?? null,
    dueOn: r.schedule?.dueOn ?? null,
  }));
}

const baseQuery = (db: Db, userId: Placeholder | number) =>
  db.select(viewSelection(userId)).from(trails).leftJoin(coach, eq(coach.id, trails.coachId));

/** All the actor's playable trails (GET /api/games), prepared once per connection. */
const allViewsQuery = preparedPer((db) =>
  baseQuery(db, sql.placeholder('userId'))
    .where(playableByPlaceholders)
    .orderBy(asc(trails.id))
    .prepare('cairn_trail_views'),
);
/** One playable trail by id. */
const viewByIdQuery = preparedPer((db) =>
  baseQuery(db, sql.placeholder('userId'))
    .where(and(playableByPlaceholders, eq(trails.id, sql.placeholder('id'))))
    .prepare('cairn_trail_view'),
);
export const actorParams = (actor: Actor) => ({
  userId: actor.userId,
  customerId: actor.customerId,
  trailId: actor.trailId,
});

/**
 * Loads trails with everything their progress needs in one query, whatever their number
 * (trails + coach, and as JSON their pebbles, the actor's pebble states and tries).
 */
export async function loadTrailViews(db: Db, actor: Actor, filter?: SQL): Promise<TrailView[]> {
  if (!filter) return toViews((await allViewsQuery(db).execute(actorParams(actor))) as ViewRow[]);
  const rows = await baseQuery(db, actor.userId)
    .where(and(playableBy(actor), filter))
    .orderBy(asc(trails.id));
  return toViews(rows as ViewRow[]);
}

/** One playable trail's view (prepared); null when it is not the actor's to play. */
export async function loadTrailView(db: Db, actor: Actor, trailId: number): Promise<TrailView | null> {
  const [row] = await viewByIdQuery(db).execute({ ...actorParams(actor), id: trailId });
  return row ? toViews([row as ViewRow])[0] : null;
}

/**
 * A playable trail as GET /api/games and /api/games/{id} present it (trails.presenter `presentTrail`): only the
 * trail's columns the presenter reads, the coach from a join, the reward declarations' unlock conditions, and per
 * pebble its mark (xp, stage, answered, passed) instead of the pebbles and the states apart.
 */
export interface GameRow {
  id: number;
  name: string;
  description: string | null;
  icon_url: string | null;
  type: string;
  gradient: number;
  difficulty: string;
  duration_seconds: number;
  tries_total: number;
  pass_percent: number;
  /** the unlock condition of each declared reward, in declaration order */
  unlocks: RewardDecl['unlock'][];
  coach_id: number | null;
  coach_firstname: string | null;
  coach_lastname: string | null;
  /** the pebbles in position order */
  marks: PebbleMark[];
  tries_used: number;
  /** the actor's assignment dates (YYYY-MM-DD), when assigned */
  starts_on: string | null;
  due_on: string | null;
}

/**
 * The games statement, without its last condition: $1 user, $2 customer, $3 the public user's trail. The same rule
 * as `playableBy` (a null customer matches nothing; a null trail id is "not the public user's trail"); the
 * assignment joined once gives both the rule's "assigned" and the schedule (one row per trail and user: its key).
 */
const gamesSelect = (
  extra = '',
) => `select ${extra}tr.id, tr.name, tr.description, tr.icon_url, tr.type, tr.gradient, tr.difficulty,
    tr.duration_seconds, tr.tries_total, tr.pass_percent,
    (select coalesce(jsonb_agg(d.value -> 'unlock' order by d.n), '[]'::jsonb)
       from jsonb_array_elements(tr.rewards) with ordinality d(value, n)) as unlocks,
    c.id as coach_id, c.firstname as coach_firstname, c.lastname as coach_lastname,
    (select coalesce(json_agg(json_build_array(p.xp, p.stage, s.answered_at is not null, s.passed)
                              order by p.position, p.id), '[]'::json)
       from pebbles p
       left join pebble_states s on s.user_id = $1 and s.pebble_id = p.id and s.trail_id = tr.id
       where p.trail_id = tr.id) as marks,
    coalesce((select tp.tries_used from trail_progress tp where tp.user_id = $1 and tp.trail_id = tr.id), 0)
      as tries_used,
    to_char(ta.starts_on, 'YYYY-MM-DD') as starts_on, to_char(ta.due_on, 'YYYY-MM-DD') as due_on
  from trails tr
  left join users c on c.id = tr.coach_id
  left join trail_assignments ta on ta.trail_id = tr.id and ta.user_id = $1
  where ${playableText('tr', 'ta')}`;

/** GET /api/games (and /api/me/surveys, /api/me/exams): $4 the types, or null for all; by id. */
export const gameRows = namedStatement<GameRow>(
  'cairn_games',
  `${gamesSelect()} and ($4::text[] is null or tr.type = any($4::text[])) order by tr.id`,
);
/**
 * GET /api/games/{id}: $4 the trail; no row when it is not the actor's to play. The detail also carries the current
 * attempt's times (attempt.ts: the player's Info panel counts its play time from them).
 */
export const gameRow = namedStatement<GameRow & AttemptRow>(
  'cairn_game',
  `${gamesSelect(`${attemptColumns('$1', 'tr.id')},\n    `)} and tr.id = $4`,
);
