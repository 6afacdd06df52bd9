import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/http-error';
import { fileAccess, privateFileHeaders } from '../modules/media';
import { serveFromStore } from './files-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** the Cache-Control decided for a /files/… response (public, immutable or private) */
    fileCacheControl?: string;
  }
}

/** The storage key a /files/… path names, decoded and normalised as the static server will resolve it. */
function keyOfFilesPath(url: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.split('?')[0]);
  } catch {
    throw notFound();
  }
  const normal = path.posix.normalize(decoded);
  // a path that climbs out of /files/ names no stored file
  if (!normal.startsWith('/files/')) throw notFound();
  return normal.replace(/^\/files\/+/, '');
}

const NOT_SPA = /^\/(api|files|socket\.io)(\/|$)/;

/** Serves DATA_DIR/files at /files/ and, when built, the web app with an SPA fallback to index.html. */
export default fp(
  async function staticPlugin(app: FastifyInstance) {
    if (app.storage.kind === 'local') await fs.mkdir(app.config.filesDir, { recursive: true });
    // private files (uploads under media/ and anything not public) need a signed URL: docs/security.md. The hooks
    // live in the context of the /files/ routes only (every /files/… URL is one of them), not on every request.
    await app.register(async function files(scope) {
      scope.addHook('onRequest', async (request) => {
        if (!request.url.startsWith('/files/')) return;
        const query = request.query as { exp?: unknown; sig?: unknown };
        request.fileCacheControl = await fileAccess(app, keyOfFilesPath(request.url), query, 'public, max-age=3600');
      });
      scope.addHook('onSend', async (request, reply) => {
        if (!request.fileCacheControl || reply.statusCode >= 400) return;
        reply.header('cache-control', request.fileCacheControl);
        // a private file never renders as a page of this origin: attachment, or a sandboxed PDF
        const extra = privateFileHeaders(
          keyOfFilesPath(request.url),
          reply.getHeader('content-type') as string | undefined,
          reply.getHeader('content-security-policy') as string | undefined,
        );
        if (extra) reply.headers(extra);
      });
      if (app.storage.kind === 's3') {
        // files live in an object store: streamed (or redirected) from it, same URLs, same checks
        scope.get('/files/*', { schema: { hide: true } }, (request, reply) =>
          serveFromStore(app, keyOfFilesPath(request.url), request, reply),
        );
        return;
      }
      await scope.register(fastifyStatic, {
        root: app.config.filesDir,
        prefix: '/files/',
        decorateReply: false,
        index: false,
        maxAge: '1h',
      });
    });

    const dist = app.config.webDist;
    const indexHtml = path.join(dist, 'index.html');
    if (!existsSync(indexHtml)) {
      app.decorate('spaFallback', null);
      app.log.info(`no web build at ${dist}: serving the API only`);
      return;
    }
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      // brotli / gzip twins written at build time (apps/web/scripts/compress.mjs), chosen by Accept-Encoding
      preCompressed: true,
      setHeaders(reply, filePath) {
        // hashed build assets never change; the HTML that names them must always be revalidated
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (filePath.endsWith('.html') || filePath.endsWith('sw.js')) {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
    app.decorate('spaFallback', async (request: FastifyRequest, reply: FastifyReply) => {
      const p = request.url.split('?')[0];
      if (NOT_SPA.test(p) || path.extname(p) !== '') return false;
      await reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', dist);
      return true;
    });
  },
  { name: 'static' },
);
