import { dashboardQuerySchema, dashboardResponseSchema, meDashboardResponseSchema } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses } from '../../lib/route-schemas';
import { getDashboard, getMeDashboard, parseEndpoint } from './dashboards.service';

const segment = z.string().max(40);

/** Dashboard cards: leaderboards of the customer by points, crowns and trails completed (docs/me-and-coach.md). */
export default async function dashboardsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboards'];
  const auth = { onRequest: app.authenticate };
  const errors = errorResponses(...AUTH_ERRORS, 403, 404, 422);

  app.get(
    '/api/me/dashboard',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "The signed-in learner's totals and dashboard cards (top three and own place on each)",
        response: { 200: meDashboardResponseSchema, ...errorResponses(...AUTH_ERRORS, 403) },
      },
    },
    async (request) => ({ data: await getMeDashboard(app.db, actorOf(request)) }),
  );

  app.get(
    '/api/dashboard',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: 'The default dashboard card (user/points/most): a page of the leaderboard by points',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema, ...errors },
      },
    },
    async (request) => getDashboard(app.db, actorOf(request), 'user/points/most', request.query),
  );

  app.get(
    '/api/dashboard/:kind/:metric/:order',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: 'A dashboard card (user/points/most, user/crowns/most, user/trails/most): a page of its leaderboard',
        params: z.object({ kind: segment, metric: segment, order: segment }),
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { kind, metric, order } = request.params;
      return getDashboard(app.db, actorOf(request), parseEndpoint(kind, metric, order), request.query);
    },
  );
}
