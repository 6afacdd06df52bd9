import {
  battleQuerySchema,
  battleResponseSchema,
  challengeBodySchema,
  contendersQuerySchema,
  contendersResponseSchema,
  myBattlesResponseSchema,
} from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses, idParam } from '../../lib/route-schemas';
import { answerChallenge, challenge, getBattle, listContenders, myBattles } from './battles.service';

const idParams = z.object({ id: idParam });

/** Battles (docs/battles.md): contenders, challenge, accept, decline, the battle, the learner's battles. */
export default async function battlesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['battles'];
  const auth = { onRequest: app.authenticate };

  app.get(
    '/api/game/contenders/:id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: 'Learners of the actor’s customer who may be challenged on battle trail {id}, searchable and paged',
        params: idParams,
        querystring: contendersQuerySchema,
        response: { 200: contendersResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 404, 422) },
      },
    },
    async (request) => listContenders(app.db, actorOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/game/challenge/:id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: 'Challenges user_id to a battle on battle trail {id}',
        params: idParams,
        body: challengeBodySchema,
        response: { 201: battleResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const data = await challenge(app.db, actorOf(request), request.params.id, request.body.user_id);
      return reply.code(201).send({ data });
    },
  );

  for (const [verb, accept] of [
    ['accept', true],
    ['decline', false],
  ] as const) {
    app.post(
      `/api/battle/:id/${verb}`,
      {
        ...auth,
        schema: {
          tags,
          security: bearer,
          summary: accept ? 'The challenged player accepts battle {id}' : 'The challenged player declines battle {id}',
          params: idParams,
          response: { 200: battleResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 404, 409) },
        },
      },
      async (request) => ({ data: await answerChallenge(app.db, actorOf(request), request.params.id, accept) }),
    );
  }

  app.get(
    '/api/battle/:id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary:
          'Battle {id}: status, both sides and their progress, timing, reveals of the questions the viewer answered, per-question results once finished; serve={pebbleId} starts the time limit of the viewer’s next question',
        params: idParams,
        querystring: battleQuerySchema,
        response: { 200: battleResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 404) },
      },
    },
    async (request) => ({
      data: await getBattle(app.db, actorOf(request), request.params.id, request.query.serve),
    }),
  );

  app.get(
    '/api/me/battles',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "The actor's battle summary (battles, points, won, draw, lost) and newest battles",
        response: { 200: myBattlesResponseSchema, ...errorResponses(...AUTH_ERRORS, 403) },
      },
    },
    async (request) => ({ data: await myBattles(app.db, actorOf(request)) }),
  );
}
