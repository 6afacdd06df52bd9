import {
  meRboRatingsResponseSchema,
  ratingResponseSchema,
  rboRatingFormSchema,
  rboTargetResponseSchema,
} from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses, idParam as id } from '../../lib/route-schemas';
import { getRboTarget, myRboRatings, rateAnswer } from './ratings.service';

/** Peer ratings (RBO): rating requests, ratings and the actor's overview (docs/ratings.md). */
export default async function ratingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ratings'];
  const auth = { onRequest: app.authenticate };
  const params = z.object({ pebble_id: id, player_id: id });

  app.get(
    '/api/rbos/:pebble_id/:player_id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "What a rater sees of a player's answer to a rated pebble: the questions, the answer, the scale",
        params,
        response: { 200: rboTargetResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 404, 422) },
      },
    },
    async (request) => ({
      data: await getRboTarget(app.db, actorOf(request), request.params.pebble_id, request.params.player_id),
    }),
  );

  app.post(
    '/api/rbos/:pebble_id/:player_id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "Rates a player's answer (1 to 5 with a comment); once per rater, never one's own answer",
        params,
        body: rboRatingFormSchema,
        response: { 200: ratingResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 404, 409, 422) },
      },
    },
    async (request) => ({
      data: await rateAnswer(
        app.db,
        actorOf(request),
        request.params.pebble_id,
        request.params.player_id,
        request.body,
      ),
    }),
  );

  app.get(
    '/api/me/rboratings',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: 'The rating requests waiting for the signed-in user and the ratings their answers received',
        response: { 200: meRboRatingsResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => ({ data: await myRboRatings(app.db, actorOf(request)) }),
  );
}
