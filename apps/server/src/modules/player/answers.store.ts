import { type SQL, sql } from 'drizzle-orm';
import { preparedPer, type Tx } from '../../db/client';
import {
  mineralAnswers,
  notifications,
  pebbleStates,
  trailAssignments,
  trailProgress,
  trails,
  userCertificates,
  userRewards,
} from '../../db/schema';
import { NOTIFICATION_CHANNEL, NOTIFY_REWARD } from '../notifications/notifications.service';
import type { StateLite } from '../trails/progress';
import type { CheckedAnswer } from './answers.check';
import type { AnswerJson, AnswerRow } from './player.types';

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
const storeAnswerQuery = preparedPer((db: Tx) => {
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

/** Stores and scores an answer in one statement (storeAnswerQuery). */
export async function storeAnswer(db: Tx, w: AnswerWrite): Promise<AnswerStored> {
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
