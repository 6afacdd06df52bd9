import type { ChatMedia, ChatUser, Discussion, Message } from '@cairn/shared';
import type { discussions, media } from '../../db/schema';
import { extOf, presentMedia } from '../media/media.presenter';

export interface ParticipantRow {
  discussionId: number;
  userId: number;
  owner: boolean;
  unread: number;
  lastReadMessageId: number;
  readMessageAt: Date | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  avatarUrl: string | null;
}

export interface MessageRow {
  id: number;
  discussionId: number;
  senderId: number;
  body: string;
  createdAt: Date;
  media: typeof media.$inferSelect | null;
}

type DiscussionRow = typeof discussions.$inferSelect;

/** Read statuses counted in the database, by message id (when the participants are not all loaded). */
export type ReadStatuses = Map<number, Message['read_status']>;

const readable = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

export function nameOf(u: Pick<ParticipantRow, 'firstname' | 'lastname' | 'email'>): string {
  const full = `${u.firstname ?? ''} ${u.lastname ?? ''}`.trim();
  return full || u.email || '';
}

/** An attachment, presented by the media module (its URL rules, e.g. private files, apply to chat too). */
function presentChatMedia(m: typeof media.$inferSelect): ChatMedia {
  const presented = presentMedia(m);
  return {
    id: m.id,
    url: presented.url,
    title: presented.title,
    ext: extOf(m.storageKey),
    metadata: { mimetype: presented.metadata.mimetype },
  };
}

export function presentUserOf(p: ParticipantRow): ChatUser {
  return {
    id: p.userId,
    name: nameOf(p),
    email: p.email,
    owner: p.owner,
    read_message_at: p.readMessageAt?.toISOString() ?? null,
    media: p.avatarUrl,
  };
}

/**
 * Row → §3 Message; its read status comes from the participants' read marks. Its `users` are the discussion's
 * participants, except in a broadcast: its owners and the sender (members never see each other, and a message of
 * a broadcast to thousands stays small; docs/chat.md).
 */
export function presentMessage(
  m: MessageRow,
  d: Pick<DiscussionRow, 'channel'>,
  participants: ParticipantRow[],
  reads?: ReadStatuses,
): Message {
  const users =
    d.channel === 'broadcast' ? participants.filter((p) => p.owner || p.userId === m.senderId) : participants;
  const others = participants.filter((p) => p.userId !== m.senderId);
  const sender = participants.find((p) => p.userId === m.senderId);
  const counted = reads?.get(m.id);
  return {
    id: m.id,
    discussion_id: m.discussionId,
    sender_id: m.senderId,
    sender_name: sender ? nameOf(sender) : '',
    body: m.body,
    type: d.channel,
    user_id: m.senderId,
    media: m.media && !m.media.deletedAt ? presentChatMedia(m.media) : null,
    read_status: counted ?? {
      recipients: others.length,
      read: others.filter((p) => p.lastReadMessageId >= m.id).length,
    },
    created_at: m.createdAt.toISOString(),
    readable_created_at: readable.format(m.createdAt),
    users: users.map(presentUserOf),
  };
}

/**
 * Row → §3 Discussion as the actor sees it: a one-to-one chat is named and pictured after the other person.
 * `participants` are those the actor is shown; `partial`, when they are not all of them (a broadcast's members see
 * its owners and themselves): how many take part, the read statuses counted in the database and the senders not
 * shown (for their messages' sender names).
 */
export function presentDiscussion(
  d: DiscussionRow,
  actorId: number,
  participants: ParticipantRow[],
  latest: MessageRow | null,
  partial?: { count: number; reads: ReadStatuses; senders: ParticipantRow[] },
): Discussion {
  const me = participants.find((p) => p.userId === actorId);
  const other = participants.find((p) => p.userId !== actorId);
  const oneToOne = d.type === 'individual' || d.type === 'coach';
  return {
    id: d.id,
    type: d.type,
    name: (oneToOne && other ? nameOf(other) : d.name) ?? '',
    media: oneToOne ? (other?.avatarUrl ?? null) : d.mediaUrl,
    priority: d.priority,
    unread: me?.unread ?? 0,
    latestMessage: latest
      ? presentMessage(latest, d, partial ? [...participants, ...partial.senders] : participants, partial?.reads)
      : null,
    repliable: d.repliable,
    can_post: d.repliable || (me?.owner ?? false),
    channel: d.channel,
    participants: participants.map(presentUserOf),
    participant_count: partial?.count ?? participants.length,
  };
}
