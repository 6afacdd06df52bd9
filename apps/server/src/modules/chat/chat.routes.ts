import {
  CHAT_ATTACHMENT_MIMETYPES,
  chatSearchResponseSchema,
  discussionPageResponseSchema,
  discussionsResponseSchema,
  messageHitsResponseSchema,
  messageResponseSchema,
  sendBroadcastRequestSchema,
  sendMessageRequestSchema,
  sentResponseSchema,
} from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { validationError } from '../../lib/http-error';
import { AUTH_ERRORS, bearer, errorResponses, idParam as id } from '../../lib/route-schemas';
import type { Storage } from '../../storage/storage';
import { discard, receiveForm } from '../media/multipart';
import { notAccepted } from '../media/upload.service';
import { type ChatActor, chatActor } from './chat.policy';
import { checkBody, type Posted, postMessage } from './chat.post';
import { chatSendLimit } from './chat.rate';
import {
  discussionPage,
  discussionWith,
  getMessage,
  listDiscussions,
  openDiscussion,
  searchAll,
  searchRoom,
} from './chat.service';

const tags = ['chat'];
const query = z.string().max(200);

/** Chat (§7): discussions, messages, broadcasts, attachments, search; live BROADCAST_NEW_MESSAGE after commit. */
export default async function chatRoutes(fastify: FastifyInstance, opts: { storage: Storage }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { storage } = opts;
  const auth = { onRequest: app.authenticate };
  // the send routes: signed in, then at most CHAT_RATE_MAX messages per window per user (429 beyond)
  const sending = { onRequest: [app.authenticate, chatSendLimit(app)] };
  const actor = (request: Parameters<typeof actorOf>[0]): ChatActor => chatActor(actorOf(request));
  const refusals = [...AUTH_ERRORS, 403, 404] as const;

  /** Tells every participant's sockets, on any server instance (Redis adapter), once the message is committed. */
  const announce = (p: Posted) => {
    for (const userId of p.participantIds) {
      app.realtime.emitToUser(userId, 'BROADCAST_NEW_MESSAGE', {
        discussion_id: p.discussionId,
        message_id: p.messageId,
      });
    }
  };

  app.get(
    '/api/chats',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "The signed-in user's discussions, latest message first, with unread counts and participants",
        response: { 200: discussionsResponseSchema, ...errorResponses(...AUTH_ERRORS, 403) },
      },
    },
    async (request) => ({ data: await listDiscussions(app.db, actor(request)) }),
  );

  app.get(
    '/api/chats/:room',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: 'Open a discussion: its newest page of messages; its messages become read for the user',
        params: z.object({ room: id }),
        response: { 200: discussionPageResponseSchema, ...errorResponses(...refusals) },
      },
    },
    async (request) => {
      const a = actor(request);
      const { page, readUpTo, others } = await openDiscussion(app.db, a, request.params.room);
      if (readUpTo !== null) {
        for (const userId of others) {
          app.realtime.emitToUser(userId, 'CHAT_READ', {
            discussion_id: page.id,
            user_id: a.userId,
            last_read_message_id: readUpTo,
          });
        }
      }
      return { data: page };
    },
  );

  app.get(
    '/api/chats/:id/:page',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: 'A page of a discussion (10 messages; page 1 is the newest) with the pagination totals',
        params: z.object({ id, page: id }),
        response: { 200: discussionPageResponseSchema, ...errorResponses(...refusals) },
      },
    },
    async (request) => ({ data: await discussionPage(app.db, actor(request), request.params.id, request.params.page) }),
  );

  app.get(
    '/api/chats/search/discussions/:room/:query',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: 'Messages of one discussion containing the query (at least 2 characters)',
        params: z.object({ room: id, query }),
        response: { 200: messageHitsResponseSchema, ...errorResponses(...refusals, 422) },
      },
    },
    async (request) => ({
      data: await searchRoom(app.db, actor(request), request.params.room, request.params.query),
    }),
  );

  app.get(
    '/api/chatsSearch/search/:query',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "Search the user's chats, the customer's contacts and the user's messages (at least 2 characters)",
        params: z.object({ query }),
        response: { 200: chatSearchResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 422) },
      },
    },
    async (request) => ({ data: await searchAll(app.db, actor(request), request.params.query) }),
  );

  app.post(
    '/api/messages',
    {
      ...sending,
      schema: {
        tags,
        security: bearer,
        summary:
          'Send a message to a user (the first one creates the chat) or into a discussion; a repeated client_id answers the first message',
        body: sendMessageRequestSchema,
        response: { 200: sentResponseSchema, ...errorResponses(...refusals, 422, 429) },
      },
    },
    async (request) => {
      const a = actor(request);
      const body = checkBody(request.body.body, false);
      const discussionId = request.body.discussion_id ?? (await discussionWith(app.db, a, request.body.user_id!));
      const posted = await postMessage(app.db, storage, a, {
        discussionId,
        body,
        channel: 'chat',
        clientId: request.body.client_id,
      });
      announce(posted);
      return { data: posted.message };
    },
  );

  app.get(
    '/api/messages/:id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: 'One chat message of a discussion the user takes part in',
        params: z.object({ id }),
        response: { 200: messageResponseSchema, ...errorResponses(...refusals) },
      },
    },
    async (request) => ({ data: await getMessage(app.db, actor(request), request.params.id, 'chat') }),
  );

  app.post(
    '/api/broadcasts',
    {
      ...sending,
      schema: {
        tags,
        security: bearer,
        summary: 'Post into a broadcast discussion (owners always; others only when it is repliable)',
        body: sendBroadcastRequestSchema,
        response: { 200: sentResponseSchema, ...errorResponses(...refusals, 422, 429) },
      },
    },
    async (request) => {
      const a = actor(request);
      const body = checkBody(request.body.body, false);
      const posted = await postMessage(app.db, storage, a, {
        discussionId: request.body.discussion_id,
        body,
        channel: 'broadcast',
        clientId: request.body.client_id,
      });
      announce(posted);
      return { data: posted.message };
    },
  );

  app.get(
    '/api/broadcasts/:id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: 'One broadcast message of a discussion the user takes part in',
        params: z.object({ id }),
        response: { 200: messageResponseSchema, ...errorResponses(...refusals) },
      },
    },
    async (request) => ({ data: await getMessage(app.db, actor(request), request.params.id, 'broadcast') }),
  );

  const { limits } = app.config.media;
  const allowed: readonly string[] = CHAT_ATTACHMENT_MIMETYPES;
  for (const channel of ['chat', 'broadcast'] as const) {
    app.post(
      channel === 'chat' ? '/chats/messages' : '/chats/broadcasts',
      {
        ...sending,
        schema: {
          tags,
          security: bearer,
          summary: `Send a ${channel === 'chat' ? 'message' : 'broadcast'} with an attachment (multipart: file, discussion_id, optional body); the type is judged from the content`,
          response: {
            200: z.object({ data: z.object({ id: z.number().int() }) }),
            ...errorResponses(...refusals, 413, 415, 422, 429),
          },
        },
      },
      async (request) => {
        const a = actor(request);
        const form = await receiveForm(request, storage, limits, { fileFields: ['file'], maxFiles: 1 });
        try {
          const [file] = form.files;
          if (!file) throw validationError({ file: { rule: 'required', params: {} } });
          // the media pipeline accepts more kinds (video, text, pptx, webp) than a chat attachment may be
          if (!allowed.includes(file.type.mimetype)) throw notAccepted();
          const discussionId = Number(form.fields.discussion_id);
          if (!Number.isInteger(discussionId) || discussionId <= 0 || discussionId > 2_147_483_647) {
            throw validationError({ discussion_id: { rule: 'required', params: {} } });
          }
          const body = checkBody(form.fields.body, true);
          const posted = await postMessage(app.db, storage, a, { discussionId, body, channel, upload: file });
          announce(posted);
          return { data: { id: posted.messageId } };
        } catch (err) {
          // nothing of a refused upload stays: its temporary key goes (a committed one was moved away already)
          await discard(storage, form.files);
          throw err;
        }
      },
    );
  }
}
