import { notificationResponseSchema, notificationsPageResponseSchema } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses, idParam as id, trustedResponse } from '../../lib/route-schemas';
import { listNotifications, readNotification } from './notifications.service';

/** Notifications: the paged list and reading one; live NOTIFICATION events on commit. */
export default async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const auth = { onRequest: app.authenticate };

  app.get(
    '/api/notifications/:id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "One of the signed-in user's notifications, marked read",
        params: z.object({ id }),
        response: { 200: notificationResponseSchema, ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    async (request) => ({ data: await readNotification(app.db, actorOf(request), request.params.id) }),
  );

  app.get(
    '/api/notificationsAll/:page',
    {
      ...auth,
      ...trustedResponse,
      schema: {
        tags,
        security: bearer,
        summary: "A page (15, newest first; page 1 first) of the signed-in user's notifications and the unread count",
        params: z.object({ page: id }),
        response: { 200: notificationsPageResponseSchema, ...errorResponses(...AUTH_ERRORS, 422) },
      },
    },
    async (request) => listNotifications(app.db, actorOf(request), request.params.page),
  );
}
