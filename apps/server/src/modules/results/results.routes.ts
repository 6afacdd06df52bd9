import {
  certificatesResponseSchema,
  notificationResponseSchema,
  notificationsPageResponseSchema,
  resetTrailsBodySchema,
  resetTrailsResponseSchema,
  resultPdfResponseSchema,
  rewardsResponseSchema,
  trailResultResponseSchema,
} from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_ERRORS, bearer, errorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/auth';
import { listenForNotifications } from './notifications';
import {
  getCertificates,
  getTrailResult,
  listNotifications,
  listRewards,
  previewRewards,
  RESULTS_PDF_JOB,
  type ResultsPdfJob,
  readNotification,
  requestResultsPdf,
  resetTrails,
  runResultsPdfJob,
} from './results.service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** "3" or "3,5,8" */
const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, { message: 'ids must be a comma-separated list of numbers' })
  .transform((s) => s.split(',').map(Number))
  .refine((a) => a.length <= 100 && a.every((n) => n > 0 && n <= 2_147_483_647), { message: 'ids out of range' });

/** Results, rewards, certificates, results PDFs (docs/results.md). */
export default async function resultsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['results'];
  const auth = { onRequest: app.authenticate };

  app.jobs.register<ResultsPdfJob>(RESULTS_PDF_JOB, (job) => runResultsPdfJob(app, job));
  await listenForNotifications(app);

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

  app.get(
    '/api/rewards/user',
    {
      ...auth,
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

  app.get(
    '/api/certificates/user/:ids',
    {
      ...auth,
      schema: {
        tags,
        security: bearer,
        summary: 'Certificates with their PDFs (ids comma-separated)',
        params: z.object({ ids: idList }),
        response: { 200: certificatesResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 404, 422) },
      },
    },
    async (request) => ({ data: await getCertificates(app, actorOf(request), request.params.ids) }),
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
