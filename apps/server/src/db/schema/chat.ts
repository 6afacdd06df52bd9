import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { media } from './media';
import { users } from './users';

export type DiscussionType = 'individual' | 'coach' | 'team' | 'company';
export type DiscussionChannel = 'chat' | 'broadcast';

/** A chat (§3 Discussion): always inside one customer. */
export const discussions = pgTable(
  'discussions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text().$type<DiscussionType>().notNull(),
    channel: text().$type<DiscussionChannel>().notNull().default('chat'),
    /** teams and company channels have a name; individual and coach chats are named after the other person */
    name: text(),
    mediaUrl: text('media_url'),
    priority: integer().notNull().default(0),
    /** whether participants who are not owners may post */
    repliable: boolean().notNull().default(true),
    /** individual and coach chats: "lowId-highId", so a pair has one chat of each type */
    pairKey: text('pair_key'),
    latestMessageAt: timestamp('latest_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discussions_pair_unique').on(t.customerId, t.type, t.pairKey).where(sql`${t.pairKey} is not null`),
  ],
);

/** Who is in a discussion, their unread counter and how far they have read. */
export const discussionParticipants = pgTable(
  'discussion_participants',
  {
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    owner: boolean().notNull().default(false),
    unread: integer().notNull().default(0),
    /** the newest message id this participant has seen; messages up to it count as read by them */
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    readMessageAt: timestamp('read_message_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.discussionId, t.userId] }), index('discussion_participants_user_idx').on(t.userId)],
);

/** A message or broadcast (§3 Message); an attachment is a media row of the sender. */
export const messages = pgTable(
  'messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => discussions.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull().default(''),
    mediaId: integer('media_id').references(() => media.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the sender's idempotency key (a UUID the client made): a send repeated with it answers the first message */
    clientId: uuid('client_id'),
  },
  (t) => [
    index('messages_discussion_idx').on(t.discussionId, t.id),
    uniqueIndex('messages_sender_client_id_idx').on(t.senderId, t.clientId),
  ],
);
