import { rewardsResponseSchema } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses, idListParam as idList, trustedResponse } from '../../lib/route-schemas';
import { listRewards, previewRewards } from './rewards.service';

/** Rewards: the signed-in user's, and a preview of the popup (docs/results.md). */
export default async function rewardsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['rewards'];
  const auth = { onRequest: app.authenticate };

  app.get(
    '/api/rewards/user',
    {
      ...auth,
      ...trustedResponse,
      schema: {
        tags,
        security: bearer,
        summary: "The signed-in user's rewards, newest first",
        response: { 200: rewardsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => ({ data: await listRewards(app.db, actorOf(request)) }),
  );

  app.get(
    '/api/rewards/user/:ids',
    {
      ...auth,
      ...trustedResponse,
      schema: {
        tags,
        security: bearer,
        summary: "Some of the signed-in user's rewards (ids comma-separated; others' ids are left out)",
        params: z.object({ ids: idList }),
        response: { 200: rewardsResponseSchema, ...errorResponses(...AUTH_ERRORS, 422) },
      },
    },
    async (request) => ({ data: await listRewards(app.db, actorOf(request), request.params.ids) }),
  );

  app.get(
    '/api/rewards/test',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "Preview of the reward popup with the trails' declared rewards (nothing stored)",
        response: { 200: rewardsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => ({ data: await previewRewards(app.db, actorOf(request)) }),
  );
}
