import { clientConfigResponseSchema } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** GET /api/client-config: what the web app needs to know of this deployment at run time (nothing secret). */
export default async function clientConfigRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { errorReporting, analytics, previewOrigins } = app.config;
  const body = {
    data: {
      error_reporting: errorReporting,
      analytics,
      preview_origins: previewOrigins,
    },
  };
  app.get(
    '/api/client-config',
    {
      schema: {
        tags: ['reference'],
        security: [],
        summary:
          "The web app's run-time settings: error reporting (DSN, release) and analytics, each null when off; the preview origins",
        response: { 200: clientConfigResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  );
}
