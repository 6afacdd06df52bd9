import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  type DiscussionChannel,
  discussionParticipants,
  discussions,
  media,
  messages,
  roles,
  trailAssignments,
  trails,
  userRoles,
  users,
} from '../../db/schema';

/** The columns of a message as the presenter reads it (with its attachment). */
const messageColumns = {
  id: messages.id,
  discussionId: messages.discussionId,
  senderId: messages.senderId,
  body: messages.body,
  createdAt: messages.createdAt,
  media,
};

/** Discussion `id` of the customer with the actor's participant row's owner flag; undefined when not theirs. */
export async function findOwnDiscussion(db: Db | Tx, userId: number, customerId: number, id: number) {
  const [row] = await db
    .select({ d: discussions, owner: discussionParticipants.owner })
    .from(discussions)
    .innerJoin(
      discussionParticipants,
      and(eq(discussionParticipants.discussionId, discussions.id), eq(discussionParticipants.userId, userId)),
    )
    .where(and(eq(discussions.id, id), eq(discussions.customerId, customerId)));
  return row;
}

/** chat.policy isShown as a condition: not a broadcast or company discussion, or repliable, or the user owns it. */
const shown = () =>
  or(
    and(ne(discussions.channel, 'broadcast'), ne(discussions.type, 'company')),
    eq(discussions.repliable, true),
    eq(discussionParticipants.owner, true),
  );

/** The user's discussions of the customer they are shown (§6), latest message first, with their owner flag. */
export function listOwnDiscussions(db: Db, userId: number, customerId: number) {
  return db
    .select({ d: discussions, owner: discussionParticipants.owner })
    .from(discussionParticipants)
    .innerJoin(discussions, eq(discussions.id, discussionParticipants.discussionId))
    .where(and(eq(discussionParticipants.userId, userId), eq(discussions.customerId, customerId), shown()))
    .orderBy(desc(discussions.latestMessageAt), desc(discussions.id));
}

/**
 * Each discussion's newest message by a backward walk of messages_discussion_idx (one row per discussion,
 * however long the discussion; a distinct-on would sort all their messages).
 */
export function latestMessagesOf(db: Db, ids: number[]) {
  return db
    .select(messageColumns)
    .from(messages)
    .leftJoin(media, eq(media.id, messages.mediaId))
    .where(
      inArray(
        messages.id,
        sql`(select l.id from unnest(array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::int[]) as d(id) cross join lateral (
            select id from ${messages} where discussion_id = d.id order by id desc limit 1) l)`,
      ),
    );
}

/** A page of a discussion's messages, newest first, and the discussion's message count. */
export function messagesPage(db: Db, discussionId: number, limit: number, offset: number) {
  return Promise.all([
    db
      .select(messageColumns)
      .from(messages)
      .leftJoin(media, eq(media.id, messages.mediaId))
      .where(eq(messages.discussionId, discussionId))
      .orderBy(desc(messages.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(messages).where(eq(messages.discussionId, discussionId)),
  ]);
}

/**
 * Every message of discussion `id` counts as read by the user, the unread counter goes to 0. The read mark
 * before and after (equal when nothing moved).
 */
export async function markDiscussionRead(db: Db, userId: number, id: number) {
  const mine = and(eq(discussionParticipants.discussionId, id), eq(discussionParticipants.userId, userId));
  const [before] = await db
    .select({ last: discussionParticipants.lastReadMessageId })
    .from(discussionParticipants)
    .where(mine);
  const [moved] = await db
    .update(discussionParticipants)
    .set({
      unread: 0,
      lastReadMessageId: sql`greatest(${discussionParticipants.lastReadMessageId},
        coalesce((select max(id) from ${messages} where discussion_id = ${id}), 0))`,
      readMessageAt: sql`now()`,
    })
    .where(mine)
    .returning({ last: discussionParticipants.lastReadMessageId });
  return { before, moved };
}

/** Message `id` of a discussion of the customer the user takes part in, on the channel; undefined otherwise. */
export async function findOwnMessage(
  db: Db,
  userId: number,
  customerId: number,
  id: number,
  channel: DiscussionChannel,
) {
  const [row] = await db
    .select({ ...messageColumns, d: discussions, owner: discussionParticipants.owner })
    .from(messages)
    .innerJoin(discussions, eq(discussions.id, messages.discussionId))
    .innerJoin(
      discussionParticipants,
      and(eq(discussionParticipants.discussionId, messages.discussionId), eq(discussionParticipants.userId, userId)),
    )
    .leftJoin(media, eq(media.id, messages.mediaId))
    .where(and(eq(messages.id, id), eq(discussions.customerId, customerId), eq(discussions.channel, channel)));
  return row;
}

/** Not a public user: a condition on `users`. */
const notPublic = () => sql`not exists (select 1 from ${userRoles} ur join ${roles} r on r.id = ur.role_id
                        where ur.user_id = ${users.id} and lower(r.name) = 'public')`;

/** User `userId` of the customer, live and not public; undefined otherwise. */
export async function findContactUser(db: Db | Tx, customerId: number, userId: number) {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.customerId, customerId), isNull(users.deletedAt), notPublic()));
  return u;
}

/**
 * The one-to-one discussion of the pair (created if missing, repliable, priority 0, both as participants):
 * a coach discussion when one of the two coaches a trail assigned to the other. Its id.
 */
export async function ensurePairDiscussion(db: Db, customerId: number, userId: number, otherId: number) {
  return db.transaction(async (tx) => {
    const [coaching] = await tx
      .select({ one: sql<number>`1` })
      .from(trailAssignments)
      .innerJoin(trails, eq(trails.id, trailAssignments.trailId))
      .where(
        sql`(${trailAssignments.userId} = ${userId} and ${trails.coachId} = ${otherId})
         or (${trailAssignments.userId} = ${otherId} and ${trails.coachId} = ${userId})`,
      )
      .limit(1);
    const type = coaching ? 'coach' : 'individual';
    const pairKey = [userId, otherId].sort((a, b) => a - b).join('-');
    await tx
      .insert(discussions)
      .values({ customerId, type, channel: 'chat', pairKey, repliable: true, priority: 0 })
      .onConflictDoNothing();
    const [d] = await tx
      .select({ id: discussions.id })
      .from(discussions)
      .where(and(eq(discussions.customerId, customerId), eq(discussions.type, type), eq(discussions.pairKey, pairKey)));
    await tx
      .insert(discussionParticipants)
      .values([
        { discussionId: d.id, userId },
        { discussionId: d.id, userId: otherId },
      ])
      .onConflictDoNothing();
    return d.id;
  });
}

/**
 * Messages of the user's own discussions (those shown to them) whose body matches the ILIKE pattern, newest first (50 at most).
 * The rows read are only those of discussions the user takes part in: for each of the user's participant rows
 * a lateral subquery walks that discussion's messages by `messages_discussion_idx` — a plan that cannot wander
 * into other discussions (a plain join let the planner scan the whole table by id instead; the test checks
 * the plan).
 */
export async function findMessageHits(db: Db, userId: number, pattern: string, room?: number) {
  const { rows } = await db.execute(sql`
    select h.id, h.discussion_id, h.sender_id, h.body
    from ${discussionParticipants} p
    -- only discussions the user is shown (chat.policy isShown, §6)
    join ${discussions} d on d.id = p.discussion_id
      and ((d.channel <> 'broadcast' and d.type <> 'company') or d.repliable or p.owner)
    cross join lateral (
      select m.id, m.discussion_id, m.sender_id, m.body
      from ${messages} m
      where m.discussion_id = p.discussion_id and m.body ilike ${pattern}
      order by m.id desc
      limit 50
    ) h
    where p.user_id = ${userId} ${room === undefined ? sql`` : sql`and p.discussion_id = ${room}`}
    order by h.id desc
    limit 50`);
  return (rows as { id: number; discussion_id: number; sender_id: number; body: string }[]).map((r) => ({
    id: r.id,
    discussionId: r.discussion_id,
    senderId: r.sender_id,
    body: r.body,
  }));
}

/** Up to 20 live, non-public users of the customer but the user whose name matches the ILIKE pattern. */
export function findContacts(db: Db, userId: number, customerId: number, pattern: string) {
  return db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      avatarUrl: users.avatarUrl,
    })
    .from(users)
    .where(
      and(
        eq(users.customerId, customerId),
        ne(users.id, userId),
        isNull(users.deletedAt),
        sql`(coalesce(${users.firstname}, '') || ' ' || coalesce(${users.lastname}, '')) ilike ${pattern}`,
        notPublic(),
      ),
    )
    .orderBy(users.firstname, users.id)
    .limit(20);
}
