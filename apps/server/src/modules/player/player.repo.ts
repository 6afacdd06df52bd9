import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, namedStatement, preparedPer, type Tx } from '../../db/client';
import {
  media,
  mineralAnswers,
  type mineralOptions,
  type minerals,
  notifications,
  pebbleStates,
  pebbles,
  trailAssignments,
  trailProgress,
  trails,
  userCertificates,
  userRewards,
} from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { NOTIFICATION_CHANNEL, NOTIFY_REWARD } from '../notifications/notifications.service';
import { type PebbleFacts, pebbleFactsJson } from '../ratings/ratings.repo';
import type { StateLite } from '../trails/progress';
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
  type TrailRow,
  type TrailView,
  toViews,
  type ViewRow,
  viewSelection,
} from '../trails/trails.repo';
import type { CheckedAnswer } from './answers.check';
import { heldDetail, heldNextDetail, heldTrail, holdContent, holdDetail } from './trail-content.cache';

export type PebbleRow = typeof pebbles.$inferSelect;
export type MineralRow = typeof minerals.$inferSelect;
export type OptionRow = typeof mineralOptions.$inferSelect;
export type AnswerRow = typeof mineralAnswers.$inferSelect;

/** A pebble with its minerals and their options, in position order. */
export interface PebbleDetail {
  pebble: PebbleRow;
  minerals: (MineralRow & { options: OptionRow[] })[];
}

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
const pebbleJson = (p: string) => sql.raw(pebbleJsonText(p));

/** What the player presents of a trail (a TrailView's trail has these and more). */
export type PlayerTrail = Pick<
  TrailRow,
  'id' | 'name' | 'type' | 'iconUrl' | 'redirectUrl' | 'style' | 'triesTotal' | 'passPercent'
>;

/** What presenting a pebble needs of a trail's view (a TrailView is one). */
export interface PebbleView {
  trail: PlayerTrail;
  pebbles: PebbleSummary[];
  states: Map<number, StateLite>;
  triesUsed: number;
  /** the actor's assignment start day (YYYY-MM-DD), when set */
  startsOn: string | null;
}

/** GET /api/pebbles/{trail} as its statement sends it (see currentPebbleStatement). */
export interface CurrentPebble {
  view: PebbleView;
  /** the current pebble, opened; null when the request is refused (the caller says why, from the view) */
  detail: PebbleDetail | null;
  /** the actor's answers to it */
  answers: AnswerJson[];
  /** its ratings and players-answered count, only for rated and shared (poll) pebbles */
  facts: PebbleFacts | null;
}

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
            'passPercent', t.pass_percent) end as trail,
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

/** The answer's context as the load statement sends it. */
export interface AnswerContext {
  view: TrailView;
  /** the answered pebble's detail */
  detail: PebbleDetail;
  /** the pebble presented after the answer: the next one in position order, the answered one when it is the last */
  next: PebbleDetail;
  /** the actor's live media rows among the ids the answers name (upload answers are checked against them) */
  media: { id: number; kind: string }[];
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

/** The answered pebble's states on its trail, as the store statement compares them: `id+` passed, `id-` not. */
export function statesFingerprint(states: Map<number, StateLite>): string {
  return [...states.values()]
    .filter((s) => s.answeredAt)
    .sort((a, b) => a.pebbleId - b.pebbleId)
    .map((s) => `${s.pebbleId}${s.passed === true ? '+' : '-'}`)
    .join(',');
}

/** What storing an answer writes besides the answer, decided in code from the loaded context (docs/scoring.md). */
export interface AnswerWrite {
  userId: number;
  pebbleId: number;
  trailId: number;
  trailName: string;
  /** what made the trail the actor's to play when it was decided (the statement checks it still does) */
  customerId: number | null;
  publicTrailId: number | null;
  startsOn: string | null;
  dueOn: string | null;
  /** the pebble presented next (opened by the same statement when it is another one) */
  nextId: number;
  passed: boolean;
  canChange: boolean;
  answers: CheckedAnswer[];
  answeredAt: Date;
  /** the tries used and the answered states the decision was made on (the statement checks they still hold) */
  triesUsed: number;
  fingerprint: string;
  completed: boolean;
  rewardKeys: string[];
  certificateTitle: string | null;
}

export interface AnswerStored {
  /** false: the learner's states or tries changed since they were loaded; nothing was written */
  fresh: boolean;
  /** false (when fresh): the pebble was already answered and does not allow changing it; nothing was written */
  stored: boolean;
  rewardIds: number[];
  certificateIds: number[];
  /** the actor's answers to the next pebble (when it is not the answered one) */
  nextAnswers: AnswerRow[];
  /** the trail's pebbles the actor has opened and not answered, as read before this statement's writes */
  openedIds: number[];
}

const ph = (name: keyof AnswerWrite | 'answersJson') => sql.placeholder(name);

/**
 * The answer stored and scored in one statement (data-modifying CTEs), prepared once per connection:
 * - `fresh`: the learner's tries and answered states are still those the decision was made on, and the trail is
 *   still theirs to play on the same assignment dates; else nothing is written (the caller loads again and decides
 *   again);
 * - the pebble state upserted (a pebble that does not allow changing its answer is refused atomically when it is
 *   already answered), and only then: the answers to the pebble replaced (the answers to its other minerals
 *   deleted, the given ones upserted), the attempt started (the first answer spends the first try) and
 *   `completed_at` set when this answer completes the trail, the rewards and the certificate the answer unlocks
 *   issued once each with the reward notification (announced by pg_notify on commit), and the next pebble opened;
 * - the actor's answers to the next pebble read (the statement's snapshot: no sibling CTE writes them), and the
 *   trail's pebbles they have opened and not answered (as before the statement's writes).
 * On its own the statement is its own transaction; inside one (battle answers, rated pebbles) it is a part of it.
 */
const storeAnswerQuery = preparedPer((db: Db | Tx) => {
  const cte = (name: string, body: SQL) => db.$with(name, {}).as(body);
  const u = sql`${ph('userId')}::int`;
  const p = sql`${ph('pebbleId')}::int`;
  const t = sql`${ph('trailId')}::int`;
  const fresh = cte(
    'fresh',
    sql`select coalesce((select tries_used from ${trailProgress} where user_id = ${u} and trail_id = ${t}), 0)
                 = ${ph('triesUsed')}::int
           and coalesce((select string_agg(pebble_id || case when passed then '+' else '-' end, ',' order by pebble_id)
                  from ${pebbleStates} where user_id = ${u} and trail_id = ${t} and answered_at is not null), '')
                 = ${ph('fingerprint')}::text
           -- still the actor's to play (playableText), on the assignment dates the decision was made on
           and exists (select 1 from ${trails} tr left join ${trailAssignments} ta on ta.trail_id = tr.id and ta.user_id = ${u}
                 where tr.id = ${t} and tr.customer_id = ${ph('customerId')}::int
                   and (ta.user_id is not null or tr.id = ${ph('publicTrailId')}::int)
                   and ta.starts_on is not distinct from ${ph('startsOn')}::date
                   and ta.due_on is not distinct from ${ph('dueOn')}::date) as ok`,
  );
  const stored = cte(
    'stored',
    sql`insert into ${pebbleStates} (user_id, pebble_id, trail_id, answered_at, passed)
        select ${u}, ${p}, ${t}, ${ph('answeredAt')}::timestamptz, ${ph('passed')}::bool from fresh where ok
        on conflict (user_id, pebble_id) do update set answered_at = excluded.answered_at, passed = excluded.passed
          where ${ph('canChange')}::bool or ${pebbleStates}.answered_at is null
        returning pebble_id`,
  );
  const given = cte(
    'given',
    sql`select * from json_to_recordset(${ph('answersJson')}::json)
          as a(mineral_id int, options jsonb, value text, media_id int)`,
  );
  const stale = cte(
    'stale',
    sql`delete from ${mineralAnswers} where user_id = ${u} and pebble_id = ${p} and exists (select 1 from stored)
          and mineral_id not in (select mineral_id from given)`,
  );
  const written = cte(
    'written',
    sql`insert into ${mineralAnswers} (user_id, mineral_id, pebble_id, trail_id, options, value, media_id, updated_at)
        select ${u}, g.mineral_id, ${p}, ${t}, g.options, g.value, g.media_id, ${ph('answeredAt')}::timestamptz
        from given g where exists (select 1 from stored)
        on conflict (user_id, mineral_id) do update set pebble_id = excluded.pebble_id, trail_id = excluded.trail_id,
          options = excluded.options, value = excluded.value, media_id = excluded.media_id,
          updated_at = excluded.updated_at`,
  );
  const attempt = cte(
    'attempt',
    sql`insert into ${trailProgress} (user_id, trail_id, tries_used, completed_at)
        select ${u}, ${t}, 1, case when ${ph('completed')}::bool then now() end where exists (select 1 from stored)
        on conflict (user_id, trail_id) do update set completed_at = excluded.completed_at
          where excluded.completed_at is not null and ${trailProgress}.completed_at is null`,
  );
  const rewarded = cte(
    'rewarded',
    sql`insert into ${userRewards} (user_id, trail_id, reward_key)
        select ${u}, ${t}, k from unnest(${ph('rewardKeys')}::text[]) k where exists (select 1 from stored)
        on conflict do nothing returning id`,
  );
  const rewardNote = cte(
    'reward_note',
    sql`insert into ${notifications} (user_id, event, data)
        select ${u}, ${NOTIFY_REWARD}, jsonb_build_object('rewards', (select jsonb_agg(id order by id) from rewarded),
          'trail_id', ${t}, 'trail', ${ph('trailName')}::text)
        where exists (select 1 from rewarded) returning id`,
  );
  const certified = cte(
    'certified',
    sql`insert into ${userCertificates} (user_id, trail_id, title)
        select ${u}, ${t}, ${ph('certificateTitle')}::text
        where ${ph('certificateTitle')}::text is not null and exists (select 1 from stored)
        on conflict do nothing returning id`,
  );
  const opened = cte(
    'opened',
    sql`insert into ${pebbleStates} (user_id, pebble_id, trail_id)
        select ${u}, ${ph('nextId')}::int, ${t} where ${ph('nextId')}::int <> ${p} and exists (select 1 from stored)
        on conflict do nothing`,
  );
  return db
    .with(fresh, stored, given, stale, written, attempt, rewarded, rewardNote, certified, opened)
    .select({
      fresh: sql<boolean>`(select ok from fresh)`,
      stored: sql<boolean>`exists (select 1 from stored)`,
      rewardIds: sql<number[] | null>`(select json_agg(id order by id) from rewarded)`,
      certificateIds: sql<number[] | null>`(select json_agg(id) from certified)`,
      // announced when the statement's transaction commits (notifications.service createNotification)
      notified: sql<number>`(select count(pg_notify(${NOTIFICATION_CHANNEL},
          json_build_object('id', id, 'user_id', ${u})::text)) from reward_note)`,
      nextAnswers: sql<AnswerJson[] | null>`(select json_agg(json_build_object('mineralId', a.mineral_id,
          'options', a.options, 'value', a.value, 'mediaId', a.media_id))
        from ${mineralAnswers} a where a.user_id = ${u} and a.pebble_id = ${ph('nextId')}::int)`,
      openedIds: sql<number[] | null>`(select json_agg(s.pebble_id) from ${pebbleStates} s
        where s.user_id = ${u} and s.trail_id = ${t} and s.answered_at is null)`,
    })
    .from(sql`(select 1) as one`)
    .prepare('cairn_store_answer');
});

type AnswerJson = Pick<AnswerRow, 'mineralId' | 'options' | 'value' | 'mediaId'>;

/** Stores and scores an answer in one statement (storeAnswerQuery). */
export async function storeAnswer(db: Db | Tx, w: AnswerWrite): Promise<AnswerStored> {
  const answersJson = JSON.stringify(
    w.answers.map((a) => ({ mineral_id: a.mineralId, options: a.options, value: a.value, media_id: a.mediaId })),
  );
  const [row] = await storeAnswerQuery(db).execute({ ...w, answersJson });
  return {
    fresh: row.fresh,
    stored: row.stored,
    rewardIds: row.rewardIds ?? [],
    certificateIds: row.certificateIds ?? [],
    nextAnswers: (row.nextAnswers ?? []) as AnswerRow[],
    openedIds: row.openedIds ?? [],
  };
}
