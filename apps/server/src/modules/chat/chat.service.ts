import {
  CHAT_PAGE_SIZE,
  type ChatSearch,
  type Contact,
  type Discussion,
  type DiscussionPage,
  type Message,
  type MessageHit,
  SEARCH_MIN_CHARS,
} from '@cairn/shared';
import type { Db, Tx } from '../../db/client';
import type { DiscussionChannel } from '../../db/schema';
import { HttpError, notFound, validationError } from '../../lib/http-error';
import { participantsOf, readStatusesOf, seesEveryone } from './chat.participants';
import type { ChatActor } from './chat.policy';
import { nameOf, presentDiscussion, presentMessage } from './chat.presenter';
import {
  ensurePairDiscussion,
  findContacts,
  findContactUser,
  findMessageHits,
  findOwnDiscussion,
  findOwnMessage,
  latestMessagesOf,
  listOwnDiscussions,
  markDiscussionRead,
  messagesPage,
} from './chat.repo';

const groupBy = <T, K>(rows: T[], key: (r: T) => K) => {
  const m = new Map<K, T[]>();
  for (const r of rows) {
    const list = m.get(key(r));
    if (list) list.push(r);
    else m.set(key(r), [r]);
  }
  return m;
};

/** The discussion, if the actor takes part in it; 404 otherwise (another customer's or not theirs). */
export async function ownDiscussion(db: Db | Tx, actor: ChatActor, id: number) {
  const row = await findOwnDiscussion(db, actor.userId, actor.customerId, id);
  if (!row) throw notFound('Discussion not found');
  return row;
}

/** GET /api/chats: the actor's discussions, latest message first (a few queries whatever their number). */
export async function listDiscussions(db: Db, actor: ChatActor): Promise<Discussion[]> {
  const rows = await listOwnDiscussions(db, actor.userId, actor.customerId);
  const ids = rows.map((r) => r.d.id);
  if (ids.length === 0) return [];
  const everyone = new Map(rows.map((r) => [r.d.id, seesEveryone(r.d, r.owner)]));
  const latest = await latestMessagesOf(db, ids);
  const hidden = latest.filter((m) => !everyone.get(m.discussionId));
  const [participants, reads] = await Promise.all([
    participantsOf(
      db,
      actor.userId,
      rows.map((r) => ({ id: r.d.id, everyone: everyone.get(r.d.id)! })),
      hidden.map((m) => m.senderId),
    ),
    readStatusesOf(
      db,
      hidden.map((m) => m.id),
    ),
  ]);
  const senders = groupBy(participants.senders, (p) => p.discussionId);
  const byDiscussion = groupBy(participants.rows, (p) => p.discussionId);
  const latestBy = new Map(latest.map((m) => [m.discussionId, m]));
  return rows.map(({ d }) =>
    presentDiscussion(
      d,
      actor.userId,
      byDiscussion.get(d.id) ?? [],
      latestBy.get(d.id) ?? null,
      everyone.get(d.id)
        ? undefined
        : { count: participants.counts.get(d.id) ?? 0, reads, senders: senders.get(d.id) ?? [] },
    ),
  );
}

/** GET /api/chats/{id}/{page}: a page of messages, page 1 the newest ten, each page oldest first. */
export async function discussionPage(db: Db, actor: ChatActor, id: number, page: number): Promise<DiscussionPage> {
  const { d, owner } = await ownDiscussion(db, actor, id);
  const everyone = seesEveryone(d, owner);
  const [rows, [count]] = await messagesPage(db, d.id, CHAT_PAGE_SIZE, (page - 1) * CHAT_PAGE_SIZE);
  const ordered = rows.reverse();
  const [{ rows: participants, counts, senders }, reads] = await Promise.all([
    participantsOf(
      db,
      actor.userId,
      [{ id: d.id, everyone }],
      ordered.map((m) => m.senderId),
    ),
    everyone
      ? undefined
      : readStatusesOf(
          db,
          ordered.map((m) => m.id),
        ),
  ]);
  const partial = reads && { count: counts.get(d.id) ?? 0, reads, senders };
  const named = [...participants, ...senders];
  return {
    ...presentDiscussion(d, actor.userId, participants, ordered.at(-1) ?? null, partial),
    pagination: {
      total: count.total,
      total_pages: Math.ceil(count.total / CHAT_PAGE_SIZE),
      current_page: page,
      per_page: CHAT_PAGE_SIZE,
    },
    messages: ordered.map((m) => presentMessage(m, d, named, partial?.reads)),
  };
}

/**
 * GET /api/chats/{room}: opens the discussion: every message in it counts as read by the actor, the unread
 * counter goes to 0. Returns the first page and, when the read mark moved, whom to tell.
 */
export async function openDiscussion(
  db: Db,
  actor: ChatActor,
  id: number,
): Promise<{ page: DiscussionPage; readUpTo: number | null; others: number[] }> {
  await ownDiscussion(db, actor, id);
  const { before, moved } = await markDiscussionRead(db, actor.userId, id);
  const page = await discussionPage(db, actor, id, 1);
  return {
    page,
    // only a read mark that moved is news to the others (a refetch must not ping them again)
    readUpTo: moved && moved.last !== before?.last ? moved.last : null,
    others: page.participants.filter((p) => p.id !== actor.userId).map((p) => p.id),
  };
}

/** A message of a discussion the actor takes part in, on the given channel; 404 otherwise. */
export async function getMessage(db: Db, actor: ChatActor, id: number, channel: DiscussionChannel): Promise<Message> {
  const row = await findOwnMessage(db, actor.userId, actor.customerId, id, channel);
  if (!row) throw notFound('Message not found');
  const everyone = seesEveryone(row.d, row.owner);
  const [{ rows, senders }, reads] = await Promise.all([
    participantsOf(db, actor.userId, [{ id: row.d.id, everyone }], [row.senderId]),
    everyone ? undefined : readStatusesOf(db, [row.id]),
  ]);
  return presentMessage(row, row.d, [...rows, ...senders], reads);
}

/** A user of the actor's customer who may chat (not public, not deleted, not the actor); 404 otherwise. */
async function contactUser(db: Db | Tx, actor: ChatActor, userId: number) {
  if (userId === actor.userId) {
    throw new HttpError(422, 'validation_failed', 'You cannot start a chat with yourself', {
      errors: { user_id: ['You cannot start a chat with yourself'] },
    });
  }
  const u = await findContactUser(db, actor.customerId, userId);
  if (!u) throw notFound('User not found');
  return u;
}

/**
 * POST /api/messages with user_id: the one-to-one discussion of the pair, created on the first message
 * (repliable, priority 0). It is a coach discussion when one of the two coaches a trail assigned to the other.
 */
export async function discussionWith(db: Db, actor: ChatActor, userId: number): Promise<number> {
  await contactUser(db, actor, userId);
  return ensurePairDiscussion(db, actor.customerId, actor.userId, userId);
}

/** Escapes LIKE wildcards so the query is matched literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search query: trimmed, at least 2 characters (else 422). */
export function checkQuery(query: string): string {
  const q = query.trim();
  if ([...q].length < SEARCH_MIN_CHARS) {
    throw validationError({ query: { rule: 'min', params: { min: SEARCH_MIN_CHARS } } });
  }
  return q.slice(0, 100);
}

/**
 * Messages of the actor's own discussions whose body contains the query, newest first. A substring match
 * (ILIKE), not word search, so Thai and Chinese (written without spaces) are found by any word. The rows read
 * are only those of discussions the actor takes part in: for each of the actor's participant rows a lateral
 * subquery walks that discussion's messages by `messages_discussion_idx` — a plan that cannot wander into other
 * discussions (a plain join let the planner scan the whole table by id instead; the test checks the plan).
 */
async function messageHits(db: Db, actor: ChatActor, q: string, room?: number) {
  return findMessageHits(db, actor.userId, likePattern(q), room);
}

/** GET /api/chats/search/discussions/{room}/{query}: matching messages of one discussion. */
export async function searchRoom(db: Db, actor: ChatActor, room: number, query: string): Promise<MessageHit[]> {
  const q = checkQuery(query);
  const { d, owner } = await ownDiscussion(db, actor, room);
  const [hits, participants] = await Promise.all([
    messageHits(db, actor, q, room),
    participantsOf(db, actor.userId, [{ id: room, everyone: seesEveryone(d, owner) }]),
  ]);
  const name = presentDiscussion(d, actor.userId, participants.rows, null).name;
  return hits.map((h) => ({
    id: h.id,
    discussion_id: h.discussionId,
    discussion_name: name,
    sender_id: h.senderId,
    body: h.body,
  }));
}

/** GET /api/chatsSearch/search/{query}: the actor's chats by name, contacts of the customer, and messages. */
export async function searchAll(db: Db, actor: ChatActor, query: string): Promise<ChatSearch> {
  const q = checkQuery(query);
  const needle = q.toLocaleLowerCase();
  const [all, contactRows, hits] = await Promise.all([
    listDiscussions(db, actor),
    findContacts(db, actor.userId, actor.customerId, likePattern(q)),
    messageHits(db, actor, q),
  ]);
  const names = new Map(all.map((d) => [d.id, d.name]));
  const contacts: Contact[] = contactRows.map((u) => ({ id: u.id, name: nameOf(u), media: u.avatarUrl }));
  return {
    chats: all.filter((d) => d.name.toLocaleLowerCase().includes(needle)),
    contacts,
    messages: hits.map((h) => ({
      id: h.id,
      discussion_id: h.discussionId,
      discussion_name: names.get(h.discussionId) ?? '',
      sender_id: h.senderId,
      body: h.body,
    })),
  };
}
