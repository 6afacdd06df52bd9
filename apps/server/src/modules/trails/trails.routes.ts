import { resettableTrailsResponseSchema, trailResponseSchema, trailsResponseSchema } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses, idParam, trustedResponse } from '../../lib/route-schemas';
import { getGame, listGames, listResettable, resetGame } from './trails.service';

const idParams = z.object({ id: idParam });

/** The learner's trails: list, detail, reset, and the me-lists by type. */
export default async function trailsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['trails'];
  const auth = { onRequest: app.authenticate };
  const list = (summary: string) => ({
    ...auth,
    ...trustedResponse,
    schema: {
      tags,
      security: bearer,
      summary,
      response: { 200: trailsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
    },
  });

  app.get('/api/games', list("The actor's assigned trails with progress"), async (request) => ({
    data: await listGames(app.db, actorOf(request)),
  }));
  app.get('/api/me/surveys', list("The actor's surveys with progress"), async (request) => ({
    data: await listGames(app.db, actorOf(request), ['survey']),
  }));
  app.get('/api/me/exams', list("The actor's exams with progress"), async (request) => ({
    data: await listGames(app.db, actorOf(request), ['exam']),
  }));

  app.get(
    '/api/me/reset',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: 'Trails the actor may reset now, with tries left',
        response: { 200: resettableTrailsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => ({ data: await listResettable(app.db, actorOf(request)) }),
  );

  app.get(
    '/api/games/:id',
    {
      ...auth,
      ...trustedResponse,
      schema: {
        tags,
        security: bearer,
        summary: 'One trail with coach, achievements, duration, difficulty and progress',
        params: idParams,
        response: { 200: trailResponseSchema, ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    async (request) => ({ data: await getGame(app.db, actorOf(request), request.params.id) }),
  );

  app.delete(
    '/api/games/reset/:id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "Spends a try and clears the actor's answers on the trail",
        params: idParams,
        response: { 200: trailResponseSchema, ...errorResponses(...AUTH_ERRORS, 404, 409) },
      },
    },
    async (request) => ({ data: await resetGame(app.db, actorOf(request), request.params.id) }),
  );
}
