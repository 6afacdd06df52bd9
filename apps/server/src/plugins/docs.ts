import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/**
 * The operationId of a route, derived the same way for every route: the method, then the path's words without
 * `/api`, a parameter as `By<Name>` — `GET /api/games/:id` → `getGamesById`, `POST /api/users/:id/reset/trail` →
 * `postUsersByIdResetTrail`. Unique because method and path are (a test checks it on the served document).
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith(':') ? `by ${seg.slice(1)}` : seg === '*' ? 'by request' : seg));
  return (
    method.toLowerCase() +
    words
      .join(' ')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map(cap)
      .join('')
  );
}

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
        // the API is served by the same origin as the document
        servers: [{ url: '/', description: 'this server' }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'opaque access token' } },
        },
      },
      transform: (input) => {
        const { schema, url } = jsonSchemaTransform(input);
        const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
        return {
          schema: { ...schema, operationId: schema.operationId ?? operationIdOf(method, input.url) },
          // the image service's wildcard: `{*}` is no name OpenAPI tools accept for a path parameter
          url: url === '/img/*' ? '/img/{request}' : url,
        };
      },
    });
    app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'docs' },
);
