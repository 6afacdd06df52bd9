import { ltiPlatformInputSchema, ltiPlatformResponseSchema, ltiPlatformsResponseSchema } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses, idParam } from '../../lib/route-schemas';
import { requireCustomerAdmin } from '../admin';
import { refreshFrameOrigins } from './lti.framing';
import { syncRoster } from './lti.nrps';
import { listPlatforms, registerPlatform, toolUrls } from './lti.platforms';

/** The customer admin's registration of LTI platforms (docs/lti.md). */
export default async function ltiAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['lti'];

  app.get(
    '/api/admin/lti/platforms',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        operationId: 'listLtiPlatforms',
        security: bearer,
        summary: "The customer's registered LTI platforms and the tool URLs to enter in the LMS (customer admins)",
        response: { 200: ltiPlatformsResponseSchema, ...errorResponses(...AUTH_ERRORS, 403) },
      },
    },
    async (request) => {
      const { customerId } = await requireCustomerAdmin(app.db, actorOf(request));
      return { data: { platforms: await listPlatforms(app.db, customerId), tool: toolUrls(app.config.publicUrl) } };
    },
  );

  app.post(
    '/api/admin/lti/platforms',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        operationId: 'registerLtiPlatform',
        security: bearer,
        summary: 'Registers an LTI 1.3 platform (issuer, client id, deployments, its OIDC, token and key URLs)',
        body: ltiPlatformInputSchema,
        response: { 201: ltiPlatformResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const admin = await requireCustomerAdmin(app.db, actorOf(request));
      const platform = await registerPlatform(app.db, admin, request.body, request.ip);
      await refreshFrameOrigins(app);
      return reply.code(201).send({ data: platform });
    },
  );

  app.post(
    '/api/lti/roster/:trailId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        operationId: 'syncLtiRoster',
        security: bearer,
        summary: 'Syncs the roster of the courses the trail is placed in (NRPS): members become learners, assigned it',
        params: z.object({ trailId: idParam }),
        response: {
          200: z.object({
            data: z.object({ members: z.number().int(), created: z.number().int(), assigned: z.number().int() }),
          }),
          ...errorResponses(...AUTH_ERRORS, 403, 404, 502),
        },
      },
    },
    async (request) => ({ data: await syncRoster(app.db, actorOf(request), request.params.trailId) }),
  );
}
