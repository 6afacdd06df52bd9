import { xapiSettingsResponseSchema, xapiSettingsUpdateSchema } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_ERRORS, bearer, errorResponses } from '../../lib/route-schemas';
import { getXapiSettings, saveXapiSettings } from './xapi.service';

/** The customer's Learning Record Store settings (customer admins; docs/xapi.md). */
export default async function xapiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  app.get(
    '/api/admin/xapi',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        operationId: 'getXapiSettings',
        security: bearer,
        summary: "The customer's LRS settings (without the secret) and its statement queue (customer admins)",
        response: { 200: xapiSettingsResponseSchema, ...errorResponses(...AUTH_ERRORS, 403) },
      },
    },
    async (request) => ({ data: await getXapiSettings(app.db, request.actor ?? null) }),
  );

  app.put(
    '/api/admin/xapi',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        operationId: 'saveXapiSettings',
        security: bearer,
        summary: "Saves the customer's LRS: endpoint, Basic or OAuth credentials, on or off (customer admins)",
        body: xapiSettingsUpdateSchema,
        response: { 200: xapiSettingsResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 422) },
      },
    },
    async (request) => ({ data: await saveXapiSettings(app.db, request.actor ?? null, request.body, request.ip) }),
  );
}
