import { and, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type DiscussionChannel, discussionParticipants, messages, users } from '../../db/schema';
import type { ParticipantRow, ReadStatuses } from './chat.presenter';

const participantColumns = {
  discussionId: discussionParticipants.discussionId,
  userId: discussionParticipants.userId,
  owner: discussionParticipants.owner,
  unread: discussionParticipants.unread,
  lastReadMessageId: discussionParticipants.lastReadMessageId,
  readMessageAt: discussionParticipants.readMessageAt,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  avatarUrl: users.avatarUrl,
};

/**
 * Whether the actor is shown every participant of the discussion: yes, except a broadcast's members, who are
 * shown its owners and themselves and the number of the others (issue 26, item 14: the company broadcast sent
 * each of its 5,003 learners every participant's e-mail and last-read time, 579 KB on every GET /api/chats).
 */
export const seesEveryone = (d: { channel: DiscussionChannel }, actorIsOwner: boolean) =>
  d.channel !== 'broadcast' || actorIsOwner;

export interface ParticipantsView {
  /** the participants the actor is shown, by discussion */
  rows: ParticipantRow[];
  /** the senders of the given messages who are not shown (their names go with their messages only) */
  senders: ParticipantRow[];
  /** how many take part in each discussion whose participants are not all shown */
  counts: Map<number, number>;
}

/**
 * The participants of these discussions the actor is shown, with their names, the counts, and the other senders
 * of messages about to be presented (two queries).
 */
export async function participantsOf(
  db: Db | Tx,
  actorId: number,
  list: { id: number; everyone: boolean }[],
  senderIds: number[] = [],
): Promise<ParticipantsView> {
  if (list.length === 0) return { rows: [], senders: [], counts: new Map() };
  const ids = list.map((d) => d.id);
  const partial = list.filter((d) => !d.everyone).map((d) => d.id);
  const isShown = (p: ParticipantRow) => !partial.includes(p.discussionId) || p.owner || p.userId === actorId;
  const read =
    partial.length === 0
      ? undefined
      : or(
          notInArray(discussionParticipants.discussionId, partial),
          eq(discussionParticipants.owner, true),
          eq(discussionParticipants.userId, actorId),
          senderIds.length > 0 ? inArray(discussionParticipants.userId, [...new Set(senderIds)]) : undefined,
        );
  const [rows, counts] = await Promise.all([
    db
      .select(participantColumns)
      .from(discussionParticipants)
      .innerJoin(users, eq(users.id, discussionParticipants.userId))
      .where(and(inArray(discussionParticipants.discussionId, ids), read))
      .orderBy(discussionParticipants.discussionId, desc(discussionParticipants.owner), users.firstname, users.id),
    partial.length === 0
      ? []
      : db
          .select({ id: discussionParticipants.discussionId, n: sql<number>`count(*)::int` })
          .from(discussionParticipants)
          .where(inArray(discussionParticipants.discussionId, partial))
          .groupBy(discussionParticipants.discussionId),
  ]);
  return {
    rows: rows.filter(isShown),
    senders: rows.filter((p) => !isShown(p)),
    counts: new Map(counts.map((c) => [c.id, c.n])),
  };
}

/**
 * The read status of these messages counted in the database (for discussions whose participants are not all
 * loaded): recipients are the participants but the sender, read those of them whose read mark reached it.
 */
export async function readStatusesOf(db: Db | Tx, messageIds: number[]): Promise<ReadStatuses> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: messages.id,
      recipients: sql<number>`(count(*) filter (where ${discussionParticipants.userId} <> ${messages.senderId}))::int`,
      read: sql<number>`(count(*) filter (where ${discussionParticipants.userId} <> ${messages.senderId}
        and ${discussionParticipants.lastReadMessageId} >= ${messages.id}))::int`,
    })
    .from(messages)
    .innerJoin(discussionParticipants, eq(discussionParticipants.discussionId, messages.discussionId))
    .where(inArray(messages.id, messageIds))
    .groupBy(messages.id);
  return new Map(rows.map((r) => [r.id, { recipients: r.recipients, read: r.read }]));
}
