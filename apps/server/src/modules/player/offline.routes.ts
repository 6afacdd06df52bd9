import { offlineTrailResponseSchema } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses, idParam, trustedResponse } from '../../lib/route-schemas';
import { offlineTrail } from './offline.service';

/** A trail downloaded for offline play (docs/offline.md). */
export default async function offlineRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/offline/trails/:id',
    {
      onRequest: app.authenticate,
      ...trustedResponse,
      schema: {
        tags: ['player'],
        security: bearer,
        summary: "Trail {id}'s pebbles as the player presents them, for playing it without a network",
        params: z.object({ id: idParam }),
        response: { 200: offlineTrailResponseSchema, ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    async (request) => ({ data: await offlineTrail(app.db, actorOf(request), request.params.id) }),
  );
}
