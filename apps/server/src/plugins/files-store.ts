import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPrivateKey } from '../lib/file-urls';
import { HttpError, notFound } from '../lib/http-error';
import { contentTypeOf, isSafeKey, S3Storage } from '../storage';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range; several are answered whole, as the static server does). */
const RANGE = /^bytes=(\d{0,15})-(\d{0,15})$/;

function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header || header.length > 64) return null;
  const m = RANGE.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  const start = m[1] === '' ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === '' || m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start > end || start >= size) return 'bad';
  return { start, end };
}

/**
 * GET /files/{key} from an S3-compatible store (STORAGE_URL=s3://…; local disk is served by @fastify/static).
 * The static plugin's hooks have already checked the signature of a private key and set its headers. Streams the
 * object (Range, ETag and If-None-Match as for local files), or with STORAGE_REDIRECT=1 answers 302 to a presigned
 * URL of the store that expires when the signed link does (docs/media.md).
 */
export async function serveFromStore(
  app: FastifyInstance,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const storage = app.storage;
  if (!(storage instanceof S3Storage) || !isSafeKey(key)) throw notFound();
  const stat = await storage.stat(key);
  if (!stat) throw notFound();
  if (app.config.storage.redirect) {
    const query = request.query as { exp?: string };
    const now = Math.floor(Date.now() / 1000);
    // a signed link: the store's URL lasts as long as it does; public files and shared avatars (served without a
    // signature): the signing lifetime
    const exp = Number(query.exp);
    const expiresIn = Number.isFinite(exp) && exp > now ? exp - now : app.config.fileUrls.ttlSeconds;
    const type = contentTypeOf(key);
    const name = (key.split('/').pop() ?? 'file').replace(/[^\w.-]/g, '_');
    const disposition = isPrivateKey(key)
      ? `${type === 'application/pdf' ? 'inline' : 'attachment'}; filename="${name}"`
      : undefined;
    // the redirect is per request (its URL expires): never kept by a cache
    request.fileCacheControl = 'no-store';
    return reply.redirect(await storage.presign(key, expiresIn, disposition), 302);
  }
  if (stat.etag && request.headers['if-none-match'] === stat.etag) {
    return reply.code(304).header('etag', stat.etag).send();
  }
  const range = rangeOf(request.headers.range, stat.size);
  if (range === 'bad') {
    reply.header('content-range', `bytes */${stat.size}`);
    throw new HttpError(416, 'validation_failed', 'The requested range is not within the file');
  }
  const body = await storage.stream(key, range ?? undefined);
  if (!body) throw notFound();
  reply.header('content-type', contentTypeOf(key)).header('accept-ranges', 'bytes');
  if (stat.etag) reply.header('etag', stat.etag);
  if (stat.lastModified) reply.header('last-modified', stat.lastModified.toUTCString());
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', stat.size);
  }
  return reply.send(body);
}
