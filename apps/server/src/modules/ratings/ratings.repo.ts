import type { RboResults } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import { type Db, namedStatement, type Tx } from '../../db/client';
import { COACH_LEVEL } from '../../lib/actor';

/** Peers asked per answer, besides the trail's coach (docs/ratings.md). */
export const PEERS_PER_ANSWER = 2;

export type RatingRow = {
  id: number;
  rater_id: number;
  firstname: string | null;
  lastname: string | null;
  email: string;
  avatar: string | null;
  rating: number;
  comment: string;
  created_at: Date;
  /** the one-to-one (or coach) discussion of the rater and the player, when they have one */
  discussion_id: number | null;
};

const nameOf = (r: { firstname: string | null; lastname: string | null; email?: string }) =>
  [r.firstname, r.lastname].filter(Boolean).join(' ').trim() || r.email || '';

/** Row → §3 Rating. */
export const presentRating = (r: RatingRow) => ({
  id: r.id,
  rater_id: r.rater_id,
  rater: nameOf(r),
  avatar: r.avatar,
  rating: r.rating,
  comment: r.comment,
  discussion_id: r.discussion_id ?? null,
  created_at: new Date(r.created_at).toISOString(),
});

/** Ratings of one answer → §3 rbo_results (average with one decimal, counts per 1 to 5). */
export function summarise(rows: RatingRow[]): RboResults {
  const counts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of rows) counts[r.rating as 1 | 2 | 3 | 4 | 5]++;
  const total = rows.length;
  const average = total ? Math.round((rows.reduce((s, r) => s + r.rating, 0) / total) * 10) / 10 : 0;
  return { total_ratings: total, average_rating: average, counts, ratings: rows.map(presentRating) };
}

/**
 * Inside the answer's transaction, on a learner's first answer to an RBO pebble, in one statement: asks up to
 * PEERS_PER_ANSWER peers — live, active learners of the same customer assigned to the trail, neither public users
 * nor coaches; first those who answered the pebble themselves, then those with the fewest open requests — and the
 * trail's coach. Returns the raters asked (none twice: the unique index keeps a repeat silent).
 */
export async function requestRatings(
  tx: Tx,
  p: { pebbleId: number; trailId: number; playerId: number; customerId: number; mandatory: boolean },
): Promise<{ raterId: number; mandatory: boolean; player: string; avatar: string | null }[]> {
  const res = await tx.execute<{ rater_id: number; mandatory: boolean; player: string; avatar: string | null }>(sql`
    with peers as (
      select u.id
      from users u
      join trail_assignments ta on ta.user_id = u.id and ta.trail_id = ${p.trailId}
      where u.customer_id = ${p.customerId} and u.id <> ${p.playerId} and u.deleted_at is null and not u.is_paused
        and not exists (
          select 1 from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = u.id and (lower(r.name) = 'public' or r.level > ${COACH_LEVEL}))
      order by
        exists (select 1 from pebble_states ps
                where ps.user_id = u.id and ps.pebble_id = ${p.pebbleId} and ps.answered_at is not null) desc,
        (select count(*) from rbo_requests q where q.rater_id = u.id and q.rated_at is null) asc,
        u.id
      limit ${PEERS_PER_ANSWER}
    ), raters as (
      select id, ${p.mandatory}::boolean as mandatory from peers
      union
      select t.coach_id, false from trails t
      where t.id = ${p.trailId} and t.coach_id is not null and t.coach_id <> ${p.playerId}
    )
    insert into rbo_requests (pebble_id, player_id, rater_id, mandatory)
    select ${p.pebbleId}, ${p.playerId}, id, bool_or(mandatory) from raters group by id
    on conflict do nothing
    returning rater_id, mandatory,
      (select coalesce(nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.email) from users u
       where u.id = player_id) as player,
      (select u.avatar_url from users u where u.id = player_id) as avatar`);
  return res.rows.map((r) => ({ raterId: r.rater_id, mandatory: r.mandatory, player: r.player, avatar: r.avatar }));
}

/** The ratings one player's answer to a pebble received, newest first. */
export async function ratingsOf(db: Tx, pebbleId: number, playerId: number): Promise<RatingRow[]> {
  const res = await db.execute<RatingRow>(sql`
    select r.id, r.rater_id, u.firstname, u.lastname, u.email, u.avatar_url as avatar, r.rating, r.comment,
               (select d.id from discussions d where d.type in ('individual', 'coach') and d.pair_key = least(r.rater_id, r.player_id)::text || '-' || greatest(r.rater_id, r.player_id)::text order by (d.type = 'coach') desc limit 1) as discussion_id, r.created_at
    from rbo_ratings r join users u on u.id = r.rater_id
    where r.pebble_id = ${pebbleId} and r.player_id = ${playerId}
    order by r.created_at desc, r.id desc`);
  return res.rows;
}

/**
 * The pebble response's facts as one JSON object `{ ratings, answered }`, as SQL text over the SQL expressions given
 * (so the current-pebble statement can carry it too): the ratings of the viewer's answer (RBO pebbles), newest first,
 * and how many learners of the customer answered the pebble.
 */
export const pebbleFactsJson = (pebble: string, viewer: string, customer: string) => `json_build_object(
  'ratings', coalesce((select json_agg(x order by x.created_at desc, x.id desc) from (
    select r.id, r.rater_id, u.firstname, u.lastname, u.email, u.avatar_url as avatar, r.rating, r.comment,
           (select d.id from discussions d where d.type in ('individual', 'coach') and d.pair_key = least(r.rater_id, r.player_id)::text || '-' || greatest(r.rater_id, r.player_id)::text order by (d.type = 'coach') desc limit 1) as discussion_id,
           r.created_at
    from rbo_ratings r join users u on u.id = r.rater_id
    where r.pebble_id = ${pebble} and r.player_id = ${viewer}) x), '[]'::json),
  'answered', (select count(*)::int from pebble_states ps join users u on u.id = ps.user_id
    where ps.pebble_id = ${pebble} and ps.answered_at is not null and u.customer_id is not distinct from ${customer}))`;

export interface PebbleFacts {
  ratings: RatingRow[];
  answered: number;
}

const pebbleFactsStatement = namedStatement<{ facts: PebbleFacts }>(
  'cairn_pebble_facts',
  `select ${pebbleFactsJson('$1::int', '$2::int', '$3::int')} as facts`,
);

/** For the pebble response, in one prepared statement: see pebbleFactsJson. */
export async function loadPebbleFacts(
  db: Db,
  pebbleId: number,
  viewerId: number,
  customerId: number | null,
): Promise<PebbleFacts> {
  const [row] = await pebbleFactsStatement(db, [pebbleId, viewerId, customerId]);
  return row.facts;
}
