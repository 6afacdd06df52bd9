import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI from the routes' zod schemas; must be registered before the routes it documents. */
export default fp(
  async function docsPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Cairn API',
          version: '0.1.0',
          description: 'Errors always use the ErrorBody shape {message, code, errors?, rules?}; see docs/server.md.',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'opaque access token' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'docs' },
);
