import {
  coachProfileResponseSchema,
  coachProfileUpdateSchema,
  coachUsersQuerySchema,
  coachUsersResponseSchema,
  coachUserTrailsResponseSchema,
} from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses, idParam as id, trustedResponse } from '../../lib/route-schemas';
import { getCoachUserTrails, listCoachUsers, updateCoachUser } from './coach.service';

/** The coach view: the customer's learners, their trails, and changes to their profiles (docs/me-and-coach.md). */
export default async function coachRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['coach'];
  const auth = { onRequest: app.authenticate };

  app.get(
    '/api/results/users/coach',
    {
      ...auth,
      // up to the whole customer in one body (§9's default limit): no zod pass over 10,000 rows
      ...trustedResponse,
      schema: {
        tags,
        security: bearer,
        summary: "The coach's learners with their totals (search: empty or at least 2 characters)",
        querystring: coachUsersQuerySchema,
        response: { 200: coachUsersResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 422) },
      },
    },
    async (request) => listCoachUsers(app.db, actorOf(request), request.query),
  );

  app.get(
    '/api/results/users/trails/coach/:id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "A learner's trails with their progress, and the profile fields the coach may change",
        params: z.object({ id }),
        response: { 200: coachUserTrailsResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await getCoachUserTrails(app.db, actorOf(request), request.params.id) }),
  );

  app.post(
    '/api/users/:id',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: "A coach changes a learner's names, mobile, birth date, nationality and custom field values",
        params: z.object({ id }),
        body: coachProfileUpdateSchema,
        response: { 200: coachProfileResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await updateCoachUser(app.db, actorOf(request), request.params.id, request.body) }),
  );
}
