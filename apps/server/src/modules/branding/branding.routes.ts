import { customerThemeResponseSchema, customerThemeUpdateSchema } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses } from '../../lib/route-schemas';
import { getCustomerTheme, saveCustomerTheme } from './branding.service';
import { manifestQuerySchema, webManifest } from './manifest';

/** The brand page's theme (customer admins) and the installable app's manifest. */
export default async function brandingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['branding'];

  app.get(
    '/api/customer/theme',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        operationId: 'getCustomerTheme',
        security: bearer,
        summary: "The customer's palette, current theme and background choices (customer admins: is_admin)",
        response: { 200: customerThemeResponseSchema, ...errorResponses(...AUTH_ERRORS, 403) },
      },
    },
    async (request) => ({ data: await getCustomerTheme(app.db, actorOf(request)) }),
  );

  app.put(
    '/api/customer/theme',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        operationId: 'saveCustomerTheme',
        security: bearer,
        summary: "Saves the customer's palette and the backgrounds of its current theme (customer admins: is_admin)",
        body: customerThemeUpdateSchema,
        response: { 200: customerThemeResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 422) },
      },
    },
    async (request) => ({ data: await saveCustomerTheme(app.db, actorOf(request), request.body) }),
  );

  app.get(
    '/manifest.webmanifest',
    {
      schema: {
        tags,
        operationId: 'getWebManifest',
        security: [],
        summary: "The installable app's manifest; with ?customer= it carries that customer's name and colour",
        querystring: manifestQuerySchema,
        produces: ['application/manifest+json'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300').type('application/manifest+json; charset=utf-8');
      return JSON.stringify(await webManifest(app.db, request.query.customer ?? null));
    },
  );
}
