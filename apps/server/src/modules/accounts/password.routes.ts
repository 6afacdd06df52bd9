import { forgotRequestSchema, resetRequestSchema, statusResponseSchema } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, noAuth } from '../../lib/route-schemas';
import { authRateLimit } from '../../plugins/rate-limit';
import {
  FORGOT_MESSAGE,
  RESET_DONE_MESSAGE,
  RESET_MAIL_JOB,
  type ResetMailJob,
  requestPasswordReset,
  resetPassword,
} from './password.service';

/** Forgotten-password mail and reset (spec §7 Account). */
export default async function passwordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const limited = authRateLimit(app);
  const enqueueResetMail = (job: ResetMailJob) => app.jobs.enqueue(RESET_MAIL_JOB, job);

  app.post(
    '/api/password/forgot',
    {
      config: limited,
      schema: {
        tags,
        security: noAuth,
        summary: 'Mail a password reset link (the answer is the same whether or not the account exists)',
        body: forgotRequestSchema,
        response: { 200: statusResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (request) => {
      await requestPasswordReset(enqueueResetMail, request.body);
      return { status: 'success' as const, message: FORGOT_MESSAGE };
    },
  );

  app.post(
    '/api/password/reset',
    {
      config: limited,
      schema: {
        tags,
        security: noAuth,
        summary: 'Set a new password with the token from the reset link',
        body: resetRequestSchema,
        response: { 200: statusResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (request) => {
      await resetPassword(app.db, request.body);
      return { status: 'success' as const, message: RESET_DONE_MESSAGE };
    },
  );
}
