import {
  answerFormSchema,
  answerResponseSchema,
  assessmentResponseSchema,
  pebbleResponseSchema,
  pollResponseSchema,
} from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses, idParam, trustedResponse } from '../../lib/route-schemas';
import { CERTIFICATES_JOB } from '../certificates/certificates.service';
import { answerFormParsers, readAnswerMultipart } from './answer-form.http';
import { answerOnce } from './answers.receipts';
import { getAssessment } from './assessments.service';
import { answerPebble, currentPebble } from './player.service';
import { getPoll } from './polls.service';

const idParams = z.object({ id: idParam });

/** The player: current pebble, answering, shared poll answers, assessment scores. */
export default async function playerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['player'];
  const auth = { onRequest: app.authenticate };
  // the spec's form keys, urlencoded or multipart, besides JSON (answer-form.ts, docs/player.md)
  await answerFormParsers(fastify);

  app.get(
    '/api/pebbles/:id',
    {
      ...auth,
      ...trustedResponse,
      schema: {
        tags,
        security: bearer,
        summary: "The actor's current pebble of trail {id} (first unanswered), or ?pebble= an unlocked one",
        params: idParams,
        querystring: z.object({ pebble: idParam.optional() }),
        response: { 200: pebbleResponseSchema, ...errorResponses(...AUTH_ERRORS, 404, 423) },
      },
    },
    async (request) => ({
      data: await currentPebble(app.db, actorOf(request), request.params.id, request.query.pebble),
    }),
  );

  app.post(
    '/api/pebbles/:id',
    {
      ...auth,
      ...trustedResponse,
      preValidation: readAnswerMultipart,
      schema: {
        tags,
        security: bearer,
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        summary:
          "Answers pebble {id} (JSON, or the spec's form keys answers[i][id], answers[i][value], answers[i][options][], battle_id, pool_id as urlencoded or multipart); returns the next pebble (or this one, updated, when it is the last); a repeated client_id answers the first outcome",
        params: idParams,
        body: answerFormSchema,
        response: { 200: answerResponseSchema, ...errorResponses(...AUTH_ERRORS, 404, 409, 422, 423) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      // a repeated client_id is answered with its first outcome (answers.receipts.ts, docs/offline.md)
      return answerOnce(app.db, actor, id, request.body.client_id, () =>
        answerPebble(app.db, actor, id, request.body, async () => {
          // the certificate is announced with its PDF by the certificates job (docs/results.md); when the queue
          // cannot take it now, the scheduled run announces it
          await app.jobs.enqueue(CERTIFICATES_JOB, {}).catch((err) => request.log.warn({ err }, 'certificates job'));
        }),
      );
    },
  );

  app.get(
    '/api/polls/:id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "Shared answers of poll pool {id} within the actor's customer",
        params: idParams,
        response: { 200: pollResponseSchema, ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    async (request) => ({ data: await getPoll(app.db, actorOf(request), request.params.id) }),
  );

  app.get(
    '/api/assessments/:id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "The actor's dimension scores on assessment trail {id}",
        params: idParams,
        response: { 200: assessmentResponseSchema, ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    async (request) => ({ data: await getAssessment(app.db, actorOf(request), request.params.id) }),
  );
}
