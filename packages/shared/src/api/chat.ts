import { z } from 'zod';
import { DISCUSSION_CHANNELS, DISCUSSION_TYPES } from '../chat';
import { CHAT_MESSAGE_MAX } from '../constants';
import { dbId } from './ids';
import { shownText } from './strings';

export * from '../chat';

export const chatUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  owner: z.boolean(),
  read_message_at: z.string().nullable(),
  media: z.string().nullable(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

export const chatMediaSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  /** the file's extension (downloads are saved as title + extension) */
  ext: z.string(),
  metadata: z.object({ mimetype: z.string() }),
});
export type ChatMedia = z.infer<typeof chatMediaSchema>;

/** §3 Message. */
export const messageSchema = z.object({
  id: z.number().int(),
  discussion_id: z.number().int(),
  sender_id: z.number().int(),
  sender_name: z.string(),
  body: z.string(),
  type: z.enum(DISCUSSION_CHANNELS),
  user_id: z.number().int(),
  media: chatMediaSchema.nullable(),
  /** recipients: everyone but the sender; read: how many of them have opened the discussion since */
  read_status: z.object({ recipients: z.number().int(), read: z.number().int() }),
  created_at: z.string(),
  readable_created_at: z.string(),
  /** §3: the discussion's participants the reader is shown (in a broadcast: its owners and the sender) */
  users: z.array(chatUserSchema),
});
export type Message = z.infer<typeof messageSchema>;

/** §3 Discussion as listed. */
export const discussionSchema = z.object({
  id: z.number().int(),
  type: z.enum(DISCUSSION_TYPES),
  name: z.string(),
  media: z.string().nullable(),
  priority: z.number().int(),
  unread: z.number().int(),
  latestMessage: messageSchema.nullable(),
  repliable: z.boolean(),
  /** whether the actor may post here (repliable, or an owner of a broadcast) */
  can_post: z.boolean(),
  channel: z.enum(DISCUSSION_CHANNELS),
  /** the participants the user is shown: all of them, except in a broadcast the user does not own (its owners and the user) */
  participants: z.array(chatUserSchema),
  /** how many take part in the discussion (shown or not) */
  participant_count: z.number().int(),
});
export type Discussion = z.infer<typeof discussionSchema>;

export const paginationSchema = z.object({
  total: z.number().int(),
  total_pages: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
});

export const discussionsResponseSchema = z.object({ data: z.array(discussionSchema) });
/** One discussion with a page of its messages, oldest of the page first. */
export const discussionPageResponseSchema = z.object({
  data: discussionSchema.extend({ pagination: paginationSchema, messages: z.array(messageSchema) }),
});
export type DiscussionPage = z.infer<typeof discussionPageResponseSchema>['data'];
export const messageResponseSchema = z.object({ data: messageSchema });

/** §3 Message search hit. */
export const messageHitSchema = z.object({
  id: z.number().int(),
  discussion_id: z.number().int(),
  discussion_name: z.string(),
  sender_id: z.number().int(),
  body: z.string(),
});
export type MessageHit = z.infer<typeof messageHitSchema>;
export const contactSchema = z.object({ id: z.number().int(), name: z.string(), media: z.string().nullable() });
export type Contact = z.infer<typeof contactSchema>;

export const chatSearchResponseSchema = z.object({
  data: z.object({
    chats: z.array(discussionSchema),
    contacts: z.array(contactSchema),
    messages: z.array(messageHitSchema),
  }),
});
export type ChatSearch = z.infer<typeof chatSearchResponseSchema>['data'];
export const messageHitsResponseSchema = z.object({ data: z.array(messageHitSchema) });

const body = shownText(CHAT_MESSAGE_MAX, `The body may not be greater than ${CHAT_MESSAGE_MAX} characters`);

/**
 * A send's idempotency key: a UUID the client makes once per message and sends again with every retry of it; the
 * server stores the message once and answers each repeat with it. The length is checked before the pattern.
 */
export const clientMessageId = z
  .string()
  .max(36, { abort: true })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: 'client_id must be a UUID' });

/** POST /api/messages: to a user (the first message creates the individual chat) or into a discussion. */
export const sendMessageRequestSchema = z
  .object({
    body,
    user_id: dbId.optional(),
    discussion_id: dbId.optional(),
    client_id: clientMessageId.optional(),
  })
  .refine((v) => (v.user_id === undefined) !== (v.discussion_id === undefined), {
    message: 'Give either user_id or discussion_id',
    path: ['user_id'],
  });
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;
/** POST /api/broadcasts. */
export const sendBroadcastRequestSchema = z.object({
  body,
  discussion_id: dbId,
  client_id: clientMessageId.optional(),
});
export const sentResponseSchema = z.object({ data: messageSchema });
