import { and, eq, sql } from 'drizzle-orm';
import { type Db, namedStatement, preparedPer } from '../../db/client';
import { media, pebbles, trails } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { pebbleFactsJson } from '../ratings/ratings.repo';
import {
  actorParams,
  coach,
  type PebbleSummary,
  pebbleSummariesJson,
  playableByPlaceholders,
  playableText,
  type StateJson,
  statesJson,
  statesOf,
  toViews,
  type ViewRow,
  viewSelection,
} from '../trails/trails.repo';
import type { AnswerContext, CurrentPebble, PebbleDetail, PlayerTrail } from './player.types';
import { heldDetail, heldNextDetail, heldTrail, holdContent, holdDetail } from './trail-content.cache';

/** A pebble with its minerals and their options (each in position order) as one JSON object, as SQL text over alias `p`. */
const pebbleJsonText = (p: string) =>
  `json_build_object(
    'pebble', json_build_object('id', ${p}.id, 'trailId', ${p}.trail_id, 'position', ${p}.position, 'name', ${p}.name,
      'faIcon', ${p}.fa_icon, 'faIconBackground', ${p}.fa_icon_background, 'faIconBorder', ${p}.fa_icon_border,
      'stage', ${p}.stage, 'xp', ${p}.xp, 'canChangeAnswer', ${p}.can_change_answer, 'isRequired', ${p}.is_required,
      'redirectUrl', ${p}.redirect_url, 'feedback', ${p}.feedback, 'style', ${p}.style, 'background', ${p}.background,
      'isRbo', ${p}.is_rbo, 'rboMandatory', ${p}.rbo_mandatory, 'rboScale', ${p}.rbo_scale),
    'minerals', coalesce((select json_agg(json_build_object('id', m.id, 'pebbleId', m.pebble_id, 'position', m.position,
        'type', m.type, 'title', m.title, 'required', m.required, 'shared', m.shared, 'dimension', m.dimension,
        'settings', m.settings, 'correct', m.correct,
        'options', coalesce((select json_agg(json_build_object('id', o.id, 'mineralId', o.mineral_id,
            'position', o.position, 'value', o.value, 'media', o.media, 'correct', o.correct, 'scores', o.scores)
            order by o.position, o.id) from mineral_options o where o.mineral_id = m.id), '[]'::json))
        order by m.position, m.id) from minerals m where m.pebble_id = ${p}.id), '[]'::json))`;
export const pebbleJson = (p: string) => sql.raw(pebbleJsonText(p));

type CurrentPebbleRow = {
  /** null when the trail is held ($8) */
  trail: PlayerTrail | null;
  pebbles: PebbleSummary[] | null;
  starts_on: string | null;
  states: StateJson[];
  tries_used: number;
  cur_id: number | null;
} & Omit<CurrentPebble, 'view'>;

/**
 * GET /api/pebbles/{trail}[?pebble=] in one named prepared statement: $1 user, $2 customer, $3 the public user's
 * trail, $4 trail, $5 the asked pebble (null: the current one), $6 today (YYYY-MM-DD, UTC), $7 the trail's pebbles
 * whose detail the process holds (trail-content.cache: the statement sends only the others), $8 whether the process
 * holds the trail and its pebbles' summaries (then the statement does not send them). No row when the trail is
 * not the actor's to play (the same rule as playableBy); else its view (trail, pebbles, the actor's states as read
 * before the open, tries), and the pebble the player shows, chosen by the service's rules: the asked one when it is
 * in the trail and unlocked (the one before it answered), else the first unanswered, else the last — none before
 * the assignment's start day. That pebble is marked opened (`insert … on conflict do nothing`) and comes with its id,
 * its minerals and options (unless held), the actor's answers to it (no sibling CTE writes answers, so the snapshot is exact) and, for
 * rated and poll pebbles, its facts.
 */
const currentPebbleStatement = namedStatement<CurrentPebbleRow>(
  'cairn_current_pebble',
  `with t as (
     select tr.id, tr.name, tr.type, tr.icon_url, tr.redirect_url, tr.style, tr.tries_total, tr.pass_percent,
            tr.feedback_mode,
            ta.starts_on
     from trails tr left join trail_assignments ta on ta.trail_id = tr.id and ta.user_id = $1
     where tr.id = $4 and ${playableText('tr', 'ta')}),
   ps as (
     select p.id, s.answered_at, row_number() over w as n,
            -- isLocked: a pebble is locked until the one before it is answered
            lag(s.answered_at is not null, 1, true) over w as unlocked
     from t join pebbles p on p.trail_id = t.id
     left join pebble_states s on s.user_id = $1 and s.pebble_id = p.id and s.trail_id = t.id
     window w as (order by p.position, p.id)),
   cur as (
     select ps.id from ps, t
     where (t.starts_on is null or t.starts_on <= $6::date)
       and ps.unlocked
       and ps.id = coalesce($5::int,
             (select f.id from ps f where f.answered_at is null order by f.n limit 1),
             (select l.id from ps l order by l.n desc limit 1))),
   opened as (
     insert into pebble_states (user_id, pebble_id, trail_id) select $1, cur.id, $4 from cur on conflict do nothing)
   select case when not $8::bool then json_build_object('id', t.id, 'name', t.name, 'type', t.type,
            'iconUrl', t.icon_url, 'redirectUrl', t.redirect_url, 'style', t.style, 'triesTotal', t.tries_total,
            'passPercent', t.pass_percent, 'feedbackMode', t.feedback_mode) end as trail,
          case when not $8::bool then ${pebbleSummariesJson('t.id')} end as pebbles,
          t.starts_on::text as starts_on,
          ${statesJson('$1', 't.id')} as states,
          coalesce((select tp.tries_used from trail_progress tp where tp.user_id = $1 and tp.trail_id = t.id), 0)
            as tries_used,
          (select c.id from cur c) as cur_id,
          (select ${pebbleJsonText('p')} from cur c join pebbles p on p.id = c.id where c.id <> all($7::int[]))
            as detail,
          coalesce((select json_agg(json_build_object('mineralId', a.mineral_id, 'options', a.options,
              'value', a.value, 'mediaId', a.media_id))
            from cur c join mineral_answers a on a.user_id = $1 and a.pebble_id = c.id), '[]'::json) as answers,
          (select ${pebbleFactsJson('c.id', '$1', '$2')} from cur c join pebbles p on p.id = c.id
           where p.is_rbo or exists (select 1 from minerals m where m.pebble_id = c.id and m.shared)) as facts
   from t`,
);

/** GET /api/pebbles/{trail}'s data in one round trip (currentPebbleStatement); null when not the actor's to play. */
export async function loadCurrentPebble(
  db: Db,
  actor: Actor,
  trailId: number,
  pebbleId: number | null,
  today: string,
): Promise<CurrentPebble | null> {
  const held = heldTrail(db, trailId);
  const [row] = await currentPebbleStatement(db, [
    actor.userId,
    actor.customerId,
    actor.trailId,
    trailId,
    pebbleId,
    today,
    held.ids,
    held.content !== undefined,
  ]);
  if (!row) return null;
  // as sent when sent (then held for the next requests), else as held
  const content = row.trail ? { trail: row.trail, pebbles: row.pebbles ?? [] } : held.content!;
  if (row.trail) holdContent(db, trailId, content);
  if (row.detail) holdDetail(db, row.detail);
  const detail = row.detail ?? (row.cur_id ? held.details.get(row.cur_id) : undefined);
  return {
    view: {
      trail: content.trail,
      pebbles: content.pebbles,
      states: statesOf(row.states),
      triesUsed: row.tries_used,
      startsOn: row.starts_on,
    },
    detail: detail ?? null,
    answers: row.answers,
    facts: row.facts,
  };
}

/**
 * Everything an answer needs, in one statement prepared once per connection: the view of the playable trail the
 * pebble belongs to (trail, coach, pebbles, the actor's states and tries, assignment dates), the detail of the
 * pebble and of the next one (minerals and options in position order), and the actor's live media rows among
 * `mediaIds`. No row when the pebble is not in a trail the actor may play.
 */
const answerContextQuery = preparedPer((db) =>
  db
    .select({
      ...viewSelection(sql.placeholder('userId')),
      // the details the process holds (`held`) are not sent (trail-content.cache); a condition on the rows, not a
      // flag: with two flags PostgreSQL chose a custom plan on every execution of this statement (docs/performance.md
      // Round 11; cairn_current_pebble's one flag measured generic plans)
      detail: sql<PebbleDetail | null>`(select ${pebbleJson('p')} from ${pebbles} p
          where p.id = ${sql.placeholder('pebbleId')} and p.id <> all(${sql.placeholder('held')}::int[]))`,
      next: sql<PebbleDetail | null>`(select ${pebbleJson('n')} from ${pebbles} n
          where n.id <> all(${sql.placeholder('held')}::int[]) and n.id = (select n.id from ${pebbles} n, ${pebbles} p
            where p.id = ${sql.placeholder('pebbleId')} and n.trail_id = p.trail_id and (n.position, n.id) > (p.position, p.id)
            order by n.position, n.id limit 1))`,
      media: sql<AnswerContext['media']>`coalesce((select json_agg(json_build_object('id', md.id, 'kind', md.kind))
          from ${media} md where md.id = any(${sql.placeholder('mediaIds')}::int[])
            and md.user_id = ${sql.placeholder('userId')} and md.deleted_at is null), '[]'::json)`,
    })
    .from(trails)
    .leftJoin(coach, eq(coach.id, trails.coachId))
    .where(
      and(
        playableByPlaceholders,
        sql`${trails.id} = (select ${pebbles.trailId} from ${pebbles} where ${pebbles.id} = ${sql.placeholder('pebbleId')})`,
      ),
    )
    .prepare('cairn_answer_context'),
);

/** Loads what answering `pebbleId` needs (see answerContextQuery); null when the pebble is not the actor's to play. */
export async function loadAnswerContext(
  db: Db,
  actor: Actor,
  pebbleId: number,
  mediaIds: number[],
): Promise<AnswerContext | null> {
  // what the process holds of the answered and the next pebble (the statement sends the others)
  const heldThis = heldDetail(db, pebbleId);
  const heldNext = heldThis && heldNextDetail(db, heldThis);
  const [row] = await answerContextQuery(db).execute({
    ...actorParams(actor),
    pebbleId,
    mediaIds,
    held: [heldThis?.pebble.id, heldNext?.pebble.id].filter((id) => id !== undefined),
  });
  if (!row) return null;
  const {
    detail: sent,
    next: sentNext,
    media: rows,
    ...view
  } = row as ViewRow & { detail: PebbleDetail | null; next: PebbleDetail | null; media: AnswerContext['media'] };
  const detail = sent ?? heldThis!;
  // no next pebble sent: held, or there is none (the answered one is the last)
  const next = sentNext ?? heldNext ?? detail;
  if (sent) holdDetail(db, sent);
  if (sentNext) holdDetail(db, sentNext);
  const [trailView] = toViews([view]);
  holdContent(db, trailView.trail.id, { trail: trailView.trail, pebbles: trailView.pebbles });
  return { view: trailView, detail, next, media: rows };
}
