import { choosesMany, type MineralType, OPTION_TYPES, type pollSchema, type shareAnswersSchema } from '@cairn/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  customers,
  media,
  mineralAnswers,
  mineralOptions,
  minerals,
  pebbles,
  trailAssignments,
  trails,
  users,
} from '../../db/schema';
import { type Actor, isCoach } from '../../lib/actor';
import { fileHref } from '../../lib/file-urls';
import { notFound } from '../../lib/http-error';
import { can } from '../trails/trails.policy';

type Poll = z.infer<typeof pollSchema>;
type ShareAnswers = NonNullable<z.infer<typeof shareAnswersSchema>>;

/** How many answerers a pebble's `share_answers.users` lists (the newest; the poll lists them all). */
export const SHARE_ANSWERS_USERS = 50;

/**
 * Whether the viewer sees who gave the answers of an anonymous trail's poll: never as a learner; as a coach (or
 * above) only when the customer allows it (customers.coaches_see_anonymous; docs/player.md).
 */
const hidesNames = (actor: Actor, anonymous: boolean, coachesSee: boolean) =>
  anonymous && !(isCoach(actor) && coachesSee);

/** GET /api/polls/{pool_id}: every answer to a shared mineral within the actor's customer (§3 Poll). */
export async function getPoll(db: Db, actor: Actor, poolId: number): Promise<Poll> {
  const poll = await loadPoll(db, actor, poolId);
  if (!poll) throw notFound('Poll not found');
  return poll;
}

/**
 * §3 Pebble `share_answers` (users, summary) of a pebble whose shared mineral is `poolId`, for a viewer who may
 * play it: the newest answerers (anonymous as in the poll) and the summary; null when the pool is gone.
 */
export async function shareAnswers(db: Db, actor: Actor, poolId: number): Promise<ShareAnswers | null> {
  const poll = await loadPoll(db, actor, poolId);
  if (!poll) return null;
  return {
    users: poll.answers.slice(-SHARE_ANSWERS_USERS).map(({ id, name, avatar, is_me }) => ({ id, name, avatar, is_me })),
    summary: poll.summary,
  };
}

/** The poll of shared mineral `poolId` as the actor sees it; null when it is not one or not the actor's to see. */
async function loadPoll(db: Db, actor: Actor, poolId: number): Promise<Poll | null> {
  const [row] = await db
    .select({
      mineral: minerals,
      pebble: pebbles,
      customerId: trails.customerId,
      anonymous: trails.anonymous,
      coachesSee: customers.coachesSeeAnonymous,
      assigned: trailAssignments.userId,
    })
    .from(minerals)
    .innerJoin(pebbles, eq(pebbles.id, minerals.pebbleId))
    .innerJoin(trails, eq(trails.id, pebbles.trailId))
    .innerJoin(customers, eq(customers.id, trails.customerId))
    .leftJoin(trailAssignments, and(eq(trailAssignments.trailId, trails.id), eq(trailAssignments.userId, actor.userId)))
    .where(and(eq(minerals.id, poolId), eq(minerals.shared, true)));
  if (
    !row ||
    !can(actor, 'trail:play', { id: row.pebble.trailId, customerId: row.customerId, assigned: row.assigned !== null })
  )
    return null;
  const hidden = hidesNames(actor, row.anonymous, row.coachesSee);
  const m = row.mineral;
  const type = m.type as MineralType;
  const [options, given] = await Promise.all([
    db.select().from(mineralOptions).where(eq(mineralOptions.mineralId, m.id)).orderBy(asc(mineralOptions.position)),
    db
      .select({
        userId: users.id,
        firstname: users.firstname,
        lastname: users.lastname,
        avatar: users.avatarUrl,
        options: mineralAnswers.options,
        value: mineralAnswers.value,
        updatedAt: mineralAnswers.updatedAt,
        mediaId: media.id,
        mediaKind: media.kind,
        mediaMime: media.mimetype,
        mediaKey: media.storageKey,
        // the viewer's one-to-one (or coach) discussion with this answerer, when they have one
        discussionId: sql<number | null>`(select d.id from discussions d
          where d.type in ('individual', 'coach')
            and d.pair_key = least(users.id, ${actor.userId})::text || '-' || greatest(users.id, ${actor.userId})::text
          order by (d.type = 'coach') desc limit 1)`,
      })
      .from(mineralAnswers)
      .innerJoin(users, eq(users.id, mineralAnswers.userId))
      .leftJoin(media, eq(media.id, mineralAnswers.mediaId))
      // the customer check is on the answerer too: a poll never shows another customer's people
      .where(and(eq(mineralAnswers.mineralId, m.id), eq(users.customerId, row.customerId)))
      .orderBy(asc(mineralAnswers.updatedAt)),
  ]);

  const isOptions = OPTION_TYPES.includes(type);
  const isMultiple = choosesMany(type);
  const counts = new Map<string, { value_id: number | null; value: string; count: number }>();
  if (isOptions) for (const o of options) counts.set(`o${o.id}`, { value_id: o.id, value: o.value, count: 0 });
  const answers = given.map((g) => {
    const picked = isOptions
      ? (g.options ?? []).map((id) => ({ value_id: id, value: options.find((o) => o.id === id)?.value ?? null }))
      : g.mediaId && g.mediaKey && g.mediaKind !== 'file'
        ? [
            {
              value_id: null,
              value: null,
              media: {
                type: g.mediaKind as 'image' | 'audio' | 'video',
                url: fileHref(g.mediaKey),
                metadata: { mimetype: g.mediaMime ?? '', src_url: fileHref(g.mediaKey) },
              },
            },
          ]
        : g.mediaKey
          ? [{ value_id: null, value: fileHref(g.mediaKey) }]
          : [{ value_id: null, value: g.value }];
    for (const p of picked) {
      if (p.value === null) continue;
      const key = p.value_id !== null ? `o${p.value_id}` : `v${p.value}`;
      const c = counts.get(key) ?? { value_id: p.value_id, value: p.value, count: 0 };
      c.count++;
      counts.set(key, c);
    }
    const name = [g.firstname, g.lastname].filter(Boolean).join(' ') || 'Anonymous';
    const isMe = g.userId === actor.userId;
    // an anonymous survey: nothing that names another answerer (id 0, no name, avatar or chat; docs/player.md)
    const masked = hidden && !isMe;
    return {
      id: masked ? 0 : g.userId,
      name: masked ? '' : name,
      avatar: masked ? null : g.avatar,
      is_me: isMe,
      discussion_id: isMe || masked ? null : g.discussionId,
      updated_at: g.updatedAt.toISOString(),
      answers: picked,
    };
  });
  const total = [...counts.values()].reduce((s, c) => s + c.count, 0);
  const base = isMultiple ? answers.length : total;
  return {
    pool_id: m.id,
    pebble_id: row.pebble.id,
    trail_id: row.pebble.trailId,
    fa_icon: row.pebble.faIcon,
    fa_icon_background: row.pebble.faIconBackground,
    fa_icon_border: row.pebble.faIconBorder,
    question: m.title,
    is_multiple: isMultiple,
    anonymous: hidden,
    users: answers.length,
    total,
    summary: [...counts.values()].map((c) => ({ ...c, percent: base ? Math.round((c.count / base) * 100) : 0 })),
    answers,
  };
}
