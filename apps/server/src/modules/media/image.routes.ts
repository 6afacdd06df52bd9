import type { FastifyInstance } from 'fastify';
import { noAuth } from '../../lib/route-schemas';
import { fileAccess } from './file-access';
import type { ImageService } from './image.service';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /img/{base64url(JSON {bucket, key, edits: {resize: {width, height, fit}}})}: the image-resizing service.
 * Public trail content is served to anyone with immutable caching; a private file (a user's upload) needs the
 * signature of its /files URL (`?exp=…&sig=…`, lib/file-urls.ts), which covers every resized copy.
 */
export default async function imageRoutes(app: FastifyInstance, opts: { images: ImageService }) {
  // a wildcard, not a :param: encoded requests outgrow the router's parameter length limit
  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>(
    '/img/*',
    { schema: { tags: ['media'], security: noAuth, summary: 'A resized image (see docs/media.md for the encoding)' } },
    async (request, reply) => {
      const r = opts.images.resolve(request.params['*']);
      const cacheControl = await fileAccess(app, r.key, request.query, IMMUTABLE);
      if (request.headers['if-none-match'] === r.etag) {
        return reply.code(304).header('etag', r.etag).header('cache-control', cacheControl).send();
      }
      // a hit is the cached file's bytes as they are (a miss renders and stores them first)
      const body = (await opts.images.cached(r)) ?? (await opts.images.render(r.key, r.edits)).body;
      return reply
        .header('content-type', r.contentType)
        .header('cache-control', cacheControl)
        .header('etag', r.etag)
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
}
