import {
  resetTrailsBodySchema,
  resetTrailsResponseSchema,
  resultPdfResponseSchema,
  trailResultResponseSchema,
} from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses, idParam as id } from '../../lib/route-schemas';
import { getTrailResult, requestResultsPdf, resetTrails } from './results.service';

/** Trail results, results PDFs and resets (docs/results.md). */
export default async function resultsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['results'];
  const auth = { onRequest: app.authenticate };

  app.get(
    '/api/results/users/:user_id/:trail_id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "A learner's result on a trail (own, or a coach's learner)",
        params: z.object({ user_id: id, trail_id: id }),
        response: { 200: trailResultResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 404) },
      },
    },
    async (request) => ({
      data: await getTrailResult(app.db, actorOf(request), request.params.user_id, request.params.trail_id),
    }),
  );

  app.get(
    '/api/results/:trail/pdf/:user',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: 'The results PDF: its URL when made, else 202 and a job makes it (NOTIFY_RESULTS_PDF)',
        params: z.object({ trail: id, user: id }),
        response: {
          200: resultPdfResponseSchema,
          202: resultPdfResponseSchema,
          ...errorResponses(...AUTH_ERRORS, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const res = await requestResultsPdf(app, actorOf(request), request.params.trail, request.params.user);
      return reply.code('pdf' in res ? 200 : 202).send(res);
    },
  );

  app.post(
    '/api/users/:id/reset/trail',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "Resets the user's answers on trails (own: spends a try; a coach for a learner: free)",
        params: z.object({ id }),
        body: resetTrailsBodySchema,
        response: { 200: resetTrailsResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 404, 422) },
      },
    },
    async (request) => {
      const ids = await resetTrails(app.db, actorOf(request), request.params.id, request.body.trails_ids);
      return { status: 'success' as const, message: 'trail_reset', trails_ids: ids };
    },
  );
}
