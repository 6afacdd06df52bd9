import { certificatesResponseSchema } from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { AUTH_ERRORS, bearer, errorResponses, idListParam as idList } from '../../lib/route-schemas';
import { getCertificates } from './certificates.service';

/** Certificates with their PDFs (docs/results.md). */
export default async function certificatesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['certificates'];
  const auth = { onRequest: app.authenticate };

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
}
