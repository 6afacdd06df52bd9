import type { MeRboRatings, Rating, RboRatingForm, RboScale, RboTarget } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { fileHref } from '../../lib/file-urls';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { createNotification, NOTIFY_RBO } from '../notifications/notifications.service';
import { rateRefusal } from './ratings.policy';
import { presentRating, type RatingRow, ratingsOf, summarise } from './ratings.repo';

type TargetRow = {
  pebble_id: number;
  pebble_name: string;
  rbo_scale: string;
  trail_id: number;
  trail_name: string;
  trail_customer: number | null;
  player_id: number | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  avatar: string | null;
  player_customer: number | null;
  answered: boolean;
  request_mandatory: boolean | null;
  request_at: Date | null;
  questions: string[];
};

const nameOf = (r: { firstname: string | null; lastname: string | null; email: string | null }) =>
  [r.firstname, r.lastname].filter(Boolean).join(' ').trim() || r.email || '';

/** The pebble, the player and the actor's request in one statement; refusals as docs/ratings.md says. */
async function loadTarget(db: Db, actor: Actor, pebbleId: number, playerId: number): Promise<TargetRow> {
  const res = await db.execute<TargetRow>(sql`
    select p.id as pebble_id, p.name as pebble_name, p.rbo_scale, t.id as trail_id, t.name as trail_name,
           t.customer_id as trail_customer,
           u.id as player_id, u.firstname, u.lastname, u.email, u.avatar_url as avatar, u.customer_id as player_customer,
           exists (select 1 from pebble_states ps
                   where ps.user_id = u.id and ps.pebble_id = p.id and ps.answered_at is not null) as answered,
           q.mandatory as request_mandatory, q.created_at as request_at,
           coalesce((select json_agg(m.title order by m.position) from minerals m where m.pebble_id = p.id), '[]') as questions
    from pebbles p
    join trails t on t.id = p.trail_id
    left join users u on u.id = ${playerId} and u.deleted_at is null
    left join rbo_requests q on q.pebble_id = p.id and q.player_id = ${playerId} and q.rater_id = ${actor.userId}
    where p.id = ${pebbleId} and p.is_rbo`);
  const row = res.rows[0];
  // another customer's pebble or player reads as missing
  if (!row || row.trail_customer !== actor.customerId) throw notFound('Pebble not found');
  if (row.player_id === null || !row.answered) throw notFound('Answer not found');
  const refusal = rateRefusal(actor, {
    playerId: row.player_id,
    customerId: row.player_customer,
    asked: row.request_at !== null,
  });
  if (refusal === 'not_found') throw notFound('Answer not found');
  if (refusal === 'own_answer') throw forbidden('You cannot rate your own answer');
  if (refusal === 'not_asked') throw forbidden('You were not asked to rate this answer');
  return row;
}

/** The player's answers to the pebble's minerals, in position order, with option values and media. */
async function answersOf(db: Db, pebbleId: number, playerId: number): Promise<RboTarget['answers']> {
  const res = await db.execute<{
    options: number[] | null;
    value: string | null;
    option_values: { id: number; value: string }[] | null;
    media_kind: string | null;
    media_key: string | null;
    media_title: string | null;
    media_mime: string | null;
  }>(sql`
    select a.options, a.value,
           (select json_agg(json_build_object('id', o.id, 'value', o.value)) from mineral_options o
            where o.mineral_id = m.id) as option_values,
           md.kind as media_kind, md.storage_key as media_key, md.title as media_title, md.mimetype as media_mime
    from minerals m
    join mineral_answers a on a.mineral_id = m.id and a.user_id = ${playerId}
    left join media md on md.id = a.media_id and md.deleted_at is null
    where m.pebble_id = ${pebbleId}
    order by m.position`);
  return res.rows.flatMap((r): RboTarget['answers'] => {
    if (r.options?.length) {
      return r.options.map((id) => ({
        value_id: id,
        value: r.option_values?.find((o) => o.id === id)?.value ?? null,
        media: null,
      }));
    }
    if (r.media_key) {
      return [
        {
          value_id: null,
          value: null,
          media: {
            type: (r.media_kind ?? 'file') as 'image' | 'audio' | 'video' | 'file',
            url: fileHref(r.media_key),
            title: r.media_title ?? 'file',
            mimetype: r.media_mime ?? '',
          },
        },
      ];
    }
    return [{ value_id: null, value: r.value, media: null }];
  });
}

async function myRating(db: Db, actor: Actor, pebbleId: number, playerId: number): Promise<Rating | null> {
  const mine = (await ratingsOf(db, pebbleId, playerId)).find((r) => r.rater_id === actor.userId);
  return mine ? presentRating(mine) : null;
}

/** GET /api/rbos/{pebble_id}/{player_id}: what the rater must see (the pebble, the answer with its media, the scale). */
export async function getRboTarget(db: Db, actor: Actor, pebbleId: number, playerId: number): Promise<RboTarget> {
  const row = await loadTarget(db, actor, pebbleId, playerId);
  const [answers, mine] = await Promise.all([
    answersOf(db, pebbleId, playerId),
    myRating(db, actor, pebbleId, playerId),
  ]);
  return {
    pebble: {
      id: row.pebble_id,
      name: row.pebble_name,
      trail_id: row.trail_id,
      trail_name: row.trail_name,
      questions: row.questions,
    },
    player: { id: playerId, name: nameOf(row), avatar: row.avatar },
    answers,
    scale: row.rbo_scale as RboScale,
    request:
      row.request_at === null
        ? null
        : { mandatory: !!row.request_mandatory, created_at: new Date(row.request_at).toISOString() },
    my_rating: mine,
  };
}

/**
 * POST /api/rbos/{pebble_id}/{player_id}: stores the rating (one per rater and answer: 409 on a second), closes
 * the request and notifies the player (NOTIFY_RBO type rating), in one transaction.
 */
export async function rateAnswer(
  db: Db,
  actor: Actor,
  pebbleId: number,
  playerId: number,
  form: RboRatingForm,
): Promise<Rating> {
  const row = await loadTarget(db, actor, pebbleId, playerId);
  return db.transaction(async (tx) => {
    const inserted = await tx.execute<RatingRow>(sql`
      with r as (
        insert into rbo_ratings (pebble_id, player_id, rater_id, rating, comment)
        values (${pebbleId}, ${playerId}, ${actor.userId}, ${form.rating}, ${form.comment})
        on conflict do nothing
        returning *)
      select r.id, r.rater_id, u.firstname, u.lastname, u.email, u.avatar_url as avatar, r.rating, r.comment,
               (select d.id from discussions d where d.type in ('individual', 'coach') and d.pair_key = least(r.rater_id, r.player_id)::text || '-' || greatest(r.rater_id, r.player_id)::text order by (d.type = 'coach') desc limit 1) as discussion_id, r.created_at
      from r join users u on u.id = r.rater_id`);
    const rating = inserted.rows[0];
    if (!rating) throw new HttpError(409, 'already_rated', 'You have rated this answer already');
    await tx.execute(sql`
      update rbo_requests set rated_at = now()
      where pebble_id = ${pebbleId} and player_id = ${playerId} and rater_id = ${actor.userId}`);
    const presented = presentRating(rating);
    await createNotification(tx, playerId, NOTIFY_RBO, {
      type: 'rating',
      pebble_id: pebbleId,
      trail_id: row.trail_id,
      trail: row.trail_name,
      player_id: playerId,
      rater: presented.rater,
      rater_id: actor.userId,
      avatar: presented.avatar,
      rating: form.rating,
      comment: form.comment,
    });
    return presented;
  });
}

/** GET /api/me/rboratings: the open requests for the actor and the ratings the actor's answers received (2 queries). */
export async function myRboRatings(db: Db, actor: Actor): Promise<MeRboRatings> {
  const [requests, received] = await Promise.all([
    db.execute<{
      pebble_id: number;
      pebble_name: string;
      trail_id: number;
      trail_name: string;
      player_id: number;
      firstname: string | null;
      lastname: string | null;
      email: string | null;
      avatar: string | null;
      mandatory: boolean;
      created_at: Date;
    }>(sql`
      select q.pebble_id, p.name as pebble_name, t.id as trail_id, t.name as trail_name, u.id as player_id,
             u.firstname, u.lastname, u.email, u.avatar_url as avatar, q.mandatory, q.created_at
      from rbo_requests q
      join pebbles p on p.id = q.pebble_id
      join trails t on t.id = p.trail_id
      join users u on u.id = q.player_id and u.deleted_at is null
      where q.rater_id = ${actor.userId} and q.rated_at is null and t.customer_id is not distinct from ${actor.customerId}
      order by q.mandatory desc, q.created_at desc, q.id desc`),
    db.execute<RatingRow & { pebble_id: number; pebble_name: string; trail_id: number; trail_name: string }>(sql`
      select r.id, r.rater_id, u.firstname, u.lastname, u.email, u.avatar_url as avatar, r.rating, r.comment,
               (select d.id from discussions d where d.type in ('individual', 'coach') and d.pair_key = least(r.rater_id, r.player_id)::text || '-' || greatest(r.rater_id, r.player_id)::text order by (d.type = 'coach') desc limit 1) as discussion_id,
             r.created_at, p.id as pebble_id, p.name as pebble_name, t.id as trail_id, t.name as trail_name
      from rbo_ratings r
      join users u on u.id = r.rater_id
      join pebbles p on p.id = r.pebble_id
      join trails t on t.id = p.trail_id
      where r.player_id = ${actor.userId}
      order by t.id, p.position, r.created_at desc, r.id desc`),
  ]);
  const byPebble = new Map<number, typeof received.rows>();
  for (const r of received.rows) byPebble.set(r.pebble_id, [...(byPebble.get(r.pebble_id) ?? []), r]);
  return {
    requests: requests.rows.map((q) => ({
      pebble_id: q.pebble_id,
      pebble_name: q.pebble_name,
      trail_id: q.trail_id,
      trail_name: q.trail_name,
      player: { id: q.player_id, name: nameOf(q), avatar: q.avatar },
      mandatory: q.mandatory,
      created_at: new Date(q.created_at).toISOString(),
    })),
    received: [...byPebble.values()].map((rows) => ({
      pebble_id: rows[0].pebble_id,
      pebble_name: rows[0].pebble_name,
      trail_id: rows[0].trail_id,
      trail_name: rows[0].trail_name,
      ...summarise(rows),
    })),
  };
}
