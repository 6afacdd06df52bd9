import {
  INT4_MAX,
  type MineralType,
  mediaResponseSchema,
  UPLOAD_MEDIA_KIND,
  UPLOAD_TYPES,
  uploadResponseSchema,
} from '@cairn/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, isPublicActor } from '../../lib/actor';
import { fileHref } from '../../lib/file-urls';
import { HttpError, notFound, validationError } from '../../lib/http-error';
import { AUTH_ERRORS, bearer, errorResponses, idParam as idParamSchema } from '../../lib/route-schemas';
import type { Storage } from '../../storage/storage';
import { checkZipSelection, ZIP_RETRY_AFTER_SECONDS, ZipSlots, zipStream } from './downloads';
import { presentMedia } from './media.presenter';
import { accessibleMedia, commitUploads, deleteMedia, downloadName } from './media.service';
import { discard, receiveForm } from './multipart';
import { allowedForPublic, publicAllowance } from './quota.service';
import { customerActor } from './vaults.routes';

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const idParam = z.object({ id: idParamSchema });

/** Answer uploads, deletion, the media object and downloads (§7 Media). */
export default async function mediaRoutes(fastify: FastifyInstance, opts: { storage: Storage }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { storage } = opts;
  const { limits, imageCacheDir, zip: zipCaps } = app.config.media;
  const zipSlots = new ZipSlots(zipCaps.concurrent);
  const tags = ['media'];

  app.post(
    '/media',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary:
          'Upload one file (multipart field `file`); its type is judged from its content. `mineral_type`: the upload ' +
          'question the file answers — a file of another kind is refused (415 upload_correct_file_type)',
        querystring: z.object({ mineral_type: z.enum(UPLOAD_TYPES as [MineralType, ...MineralType[]]).optional() }),
        response: { 200: uploadResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 413, 415, 422, 507) },
      },
    },
    async (request) => {
      const wanted = request.query.mineral_type ? UPLOAD_MEDIA_KIND[request.query.mineral_type] : undefined;
      const actor = customerActor(request);
      // a public-link user uploads only the answers their trail's upload pebbles ask for
      const allowance = isPublicActor(actor) ? await publicAllowance(app.db, actor.userId) : null;
      const form = await receiveForm(request, storage, limits, { fileFields: ['file'], maxFiles: 1 });
      if (form.files.length === 0) {
        await discard(storage, form.files);
        throw validationError({ file: { rule: 'required', params: {} } });
      }
      if (allowance && !allowedForPublic(allowance, form.files[0].type.kind)) {
        await discard(storage, form.files);
        throw new HttpError(415, 'unsupported_media_type', 'This link’s trail does not ask for a file of this type');
      }
      if (wanted && form.files[0].type.kind !== wanted) {
        await discard(storage, form.files);
        throw new HttpError(415, 'upload_correct_file_type', `The question asks for a file of the kind ${wanted}`);
      }
      const [m] = await commitUploads(app.db, storage, actor, form.files, null);
      return { id: m.id, url: fileHref(m.storageKey), mimetype: m.mimetype, title: m.title };
    },
  );

  app.get(
    '/api/media/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'One media object',
        params: idParam,
        response: { 200: mediaResponseSchema, ...errorResponses(...AUTH_ERRORS, 404) },
      },
    },
    async (request) => {
      const [m] = await accessibleMedia(app.db, actorOf(request), [request.params.id], 'read');
      return { data: presentMedia(m) };
    },
  );

  app.delete(
    '/api/media/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a media file (the row is soft-deleted, the stored file removed)',
        params: idParam,
        response: {
          200: z.object({ status: z.literal('success') }),
          ...errorResponses(...AUTH_ERRORS, 403, 404),
        },
      },
    },
    async (request) => {
      await deleteMedia(app.db, storage, imageCacheDir, actorOf(request), request.params.id);
      return { status: 'success' as const };
    },
  );

  app.get(
    '/api/media/:id/download',
    {
      onRequest: app.authenticate,
      schema: { tags, security: bearer, summary: 'The file, saved as title + extension', params: idParam },
    },
    async (request, reply) => {
      const [m] = await accessibleMedia(app.db, actorOf(request), [request.params.id], 'read');
      const body = await storage.stream(m.storageKey);
      if (!body) throw notFound('The stored file is missing');
      return reply
        .header('content-type', m.mimetype)
        .header('content-disposition', contentDisposition(downloadName(m)))
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  app.get(
    '/api/media/download',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: `Several files as downloads.zip (\`ids=1,2\`): at most ${zipCaps.maxFiles} files and ${Math.floor(zipCaps.maxBytes / 1048576)} MB, ${zipCaps.concurrent} at once per user`,
        querystring: z.object({
          ids: z
            .string()
            // bounded before the pattern runs: ten digits and a comma per file
            .max(zipCaps.maxFiles * 11 + 10)
            .regex(/^\d{1,10}(,\d{1,10})*$/, { message: 'ids must be comma-separated ids' })
            .transform((s) => [...new Set(s.split(',').map(Number))])
            .refine((ids) => ids.every((n) => n > 0 && n <= INT4_MAX), { message: 'ids out of range' }),
        }),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      checkZipSelection(request.query.ids.length, 0, zipCaps);
      const rows = await accessibleMedia(app.db, actor, request.query.ids, 'read');
      checkZipSelection(
        rows.length,
        rows.reduce((sum, r) => sum + r.size, 0),
        zipCaps,
      );
      let release: () => void;
      try {
        release = zipSlots.take(actor.userId);
      } catch (err) {
        reply.header('retry-after', String(ZIP_RETRY_AFTER_SECONDS));
        throw err;
      }
      // the slot is given back when the response ends, whether read to the end or cut off
      reply.raw.once('close', release);
      reply.raw.once('finish', release);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('downloads.zip'))
        .header('cache-control', 'private, no-store')
        .send(zipStream(storage, rows));
    },
  );
}
