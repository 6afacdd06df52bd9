import type { Message } from '@cairn/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  type DiscussionChannel,
  discussionParticipants,
  discussions,
  type media,
  messages,
  users,
} from '../../db/schema';
import { forbidden, HttpError, notFound, validationError } from '../../lib/http-error';
import type { Storage } from '../../storage/storage';
import { commitUploads } from '../media/media.service';
import type { PendingUpload } from '../media/upload.service';
import { type ChatActor, canPost, isShown } from './chat.policy';
import { type ParticipantRow, presentMessage } from './chat.presenter';
import { getMessage, ownDiscussion } from './chat.service';

/** Where a message was stored and whom to tell. */
export interface Posted {
  messageId: number;
  discussionId: number;
  /** the participants to tell: those the discussion is shown to (chat.policy isShown) */
  participantIds: number[];
  /** the message as the sender sees it */
  message: Message;
}

const bodyTooLong = () => validationError({ body: { rule: 'max', params: { max: 255 } } });

/** Checks a body: at most 255 characters, and not empty unless a file comes with it. */
export function checkBody(body: string | undefined, hasFile: boolean): string {
  const text = (body ?? '').trim();
  if ([...text].length > 255) throw bodyTooLong();
  // a multipart field is not checked by the JSON guard: PostgreSQL text cannot hold NUL
  if (text.includes('\u0000')) throw validationError({ body: { rule: 'regex', params: {} } });
  if (text === '' && !hasFile) throw validationError({ body: { rule: 'required', params: {} } });
  return text;
}

/**
 * Stores a message in a discussion the actor takes part in (and may post in), with its attachment, atomically:
 * the others' unread counters go up, the sender's read mark moves to it, the discussion moves to the top. The
 * checks, the insert and the updates are one statement (data-modifying CTEs), which also returns what the answer
 * and the live event need: two round trips per message with the token check (docs/performance.md). With an
 * attachment, the media row (the media module's commit) and the statement share one transaction. The caller
 * emits the live event after this returns, that is after the commit.
 */
export async function postMessage(
  db: Db,
  storage: Storage,
  actor: ChatActor,
  input: {
    discussionId: number;
    body: string;
    channel: DiscussionChannel;
    upload?: PendingUpload;
    /** the sender's idempotency key: a repeat answers the first message (JSON sends only) */
    clientId?: string;
  },
): Promise<Posted> {
  if (!input.upload) return insertMessage(db, actor, input, null);
  const upload = input.upload;
  let placedKey: string | null = null;
  try {
    return await db.transaction(async (tx) => {
      // refuse before the file moves into place: a stranger's upload never becomes a media row
      await ownDiscussion(tx, actor, input.discussionId);
      const [m] = await commitUploads(tx as unknown as Db, storage, actor, [upload], null);
      placedKey = m.storageKey;
      return insertMessage(tx, actor, input, m);
    });
  } catch (err) {
    if (placedKey) await storage.delete(placedKey);
    throw err;
  }
}

interface PostedRow {
  d: { id: number; channel: DiscussionChannel; type: string; repliable: boolean; owner: boolean } | null;
  m: { id: number; discussion_id: number; created_at: string } | null;
  participants: {
    user_id: number;
    owner: boolean;
    unread: number;
    last_read_message_id: number;
    read_message_at: string | null;
    firstname: string | null;
    lastname: string | null;
    email: string | null;
    avatar_url: string | null;
  }[];
}

async function insertMessage(
  db: Db | Tx,
  actor: ChatActor,
  input: { discussionId: number; body: string; channel: DiscussionChannel; clientId?: string },
  attachment: typeof media.$inferSelect | null,
): Promise<Posted> {
  const statement = sql`
    with d as (
      select d.id, d.channel, d.type, d.repliable, p.owner
      from ${discussions} d
      join ${discussionParticipants} p on p.discussion_id = d.id and p.user_id = ${actor.userId}
      where d.id = ${input.discussionId} and d.customer_id = ${actor.customerId}
    ), m as (
      insert into ${messages} (discussion_id, sender_id, body, media_id, client_id)
      select d.id, ${actor.userId}, ${input.body}, ${attachment?.id ?? null}::int, ${input.clientId ?? null}::uuid
      from d
      -- the posting rule of chat.policy canPost: repliable, or an owner
      where d.channel = ${input.channel} and (d.repliable or d.owner)
      -- a repeated idempotency key stores nothing (a concurrent first send is waited for) and updates nothing
      on conflict (sender_id, client_id) do nothing
      returning id, discussion_id, created_at
    ), moved as (
      update ${discussions} set latest_message_at = m.created_at from m where ${discussions}.id = m.discussion_id
    ), p as (
      update ${discussionParticipants} dp set
        unread = case when dp.user_id = ${actor.userId} then 0 else dp.unread + 1 end,
        last_read_message_id = case when dp.user_id = ${actor.userId} then m.id else dp.last_read_message_id end,
        read_message_at = case when dp.user_id = ${actor.userId} then now() else dp.read_message_at end
      from m where dp.discussion_id = m.discussion_id
      returning dp.user_id, dp.owner, dp.unread, dp.last_read_message_id, dp.read_message_at
    )
    select (select row_to_json(d) from d) as d,
           (select row_to_json(m) from m) as m,
           coalesce((select json_agg(json_build_object(
              'user_id', p.user_id, 'owner', p.owner, 'unread', p.unread,
              'last_read_message_id', p.last_read_message_id, 'read_message_at', p.read_message_at,
              'firstname', u.firstname, 'lastname', u.lastname, 'email', u.email, 'avatar_url', u.avatar_url)
              order by p.owner desc, u.firstname, u.id)
            from p join ${users} u on u.id = p.user_id), '[]'::json) as participants`;
  const { rows } = await db.execute(statement);
  const row = rows[0] as unknown as PostedRow;
  if (!row.d) throw notFound('Discussion not found');
  if (!row.m && input.clientId) {
    const first = await firstSend(db, actor, input.clientId);
    if (first) return first;
  }
  if (!row.m) {
    if (row.d.channel !== input.channel) {
      throw new HttpError(422, 'validation_failed', `This discussion takes ${row.d.channel} messages`, {
        errors: { discussion_id: [`This discussion takes ${row.d.channel} messages`] },
        rules: { discussion_id: { rule: 'channel', params: { channel: row.d.channel } } },
      });
    }
    if (!canPost(row.d, row.d)) throw forbidden('Only the owners may post in this discussion');
    throw notFound('Discussion not found');
  }
  const participants: ParticipantRow[] = row.participants.map((p) => ({
    discussionId: row.m!.discussion_id,
    userId: p.user_id,
    owner: p.owner,
    unread: p.unread,
    lastReadMessageId: p.last_read_message_id,
    readMessageAt: p.read_message_at ? new Date(p.read_message_at) : null,
    firstname: p.firstname,
    lastname: p.lastname,
    email: p.email,
    avatarUrl: p.avatar_url,
  }));
  const message = presentMessage(
    {
      id: row.m.id,
      discussionId: row.m.discussion_id,
      senderId: actor.userId,
      body: input.body,
      createdAt: new Date(row.m.created_at),
      media: attachment,
    },
    { channel: input.channel },
    participants,
  );
  return {
    messageId: row.m.id,
    discussionId: row.m.discussion_id,
    // the live event goes to those the discussion is shown to (§6: a non-repliable broadcast, to its owners)
    participantIds: participants.filter((p) => isShown(row.d!, p)).map((p) => p.userId),
    message,
  };
}

/**
 * The message the actor already sent with this idempotency key, as the first answer gave it; nobody is told again
 * (no participants to announce to). Undefined when there is none.
 */
async function firstSend(db: Db | Tx, actor: ChatActor, clientId: string): Promise<Posted | undefined> {
  const [first] = await db
    .select({ id: messages.id, discussionId: messages.discussionId, channel: discussions.channel })
    .from(messages)
    .innerJoin(discussions, eq(discussions.id, messages.discussionId))
    .where(and(eq(messages.senderId, actor.userId), eq(messages.clientId, clientId)));
  if (!first) return undefined;
  const message = await getMessage(db as Db, actor, first.id, first.channel);
  return { messageId: first.id, discussionId: first.discussionId, participantIds: [], message };
}
