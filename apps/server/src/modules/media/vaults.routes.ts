import {
  createFolderRequestSchema,
  type RuleFailure,
  vaultAttachRequestSchema,
  vaultAttachResponseSchema,
  vaultResponseSchema,
  vaultSchema,
  vaultsResponseSchema,
  vaultUploadResponseSchema,
} from '@cairn/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, isPublicActor } from '../../lib/actor';
import { forbidden, validationError } from '../../lib/http-error';
import { AUTH_ERRORS, bearer, errorResponses, idParam } from '../../lib/route-schemas';
import type { Storage } from '../../storage/storage';
import { presentMedia } from './media.presenter';
import { attachAvatar, commitUploads } from './media.service';
import { discard, receiveForm } from './multipart';
import {
  accessibleVault,
  type CustomerActor,
  createFolder,
  ensureOwnRoot,
  listRoots,
  presentVault,
} from './vaults.service';

/** The actor, who must belong to a customer to own files. */
export function customerActor(request: FastifyRequest): CustomerActor {
  const actor = actorOf(request);
  if (actor.customerId === null) throw forbidden('Only members of a customer can store files');
  return actor as CustomerActor;
}

/** zod issues of a hand-parsed body → the shared 422 shape. */
function invalid(error: z.ZodError): never {
  const failures: Record<string, RuleFailure> = {};
  for (const i of error.issues) {
    const field = i.path.join('.') || 'body';
    failures[field] ??= i.code === 'invalid_type' ? { rule: 'required', params: {} } : { rule: 'regex', params: {} };
  }
  throw validationError(failures);
}

const parentId = idParam;

/** The media vault: folders, uploads into them, and attaching an image as the avatar (§7 Media and vault). */
export default async function vaultsRoutes(fastify: FastifyInstance, opts: { storage: Storage }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { storage } = opts;
  const { limits } = app.config.media;
  const tags = ['vaults'];

  app.get(
    '/api/vaults',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: "The user's own vault root, then the customer's shared vaults (first 100 files each)",
        response: { 200: vaultsResponseSchema, ...errorResponses(...AUTH_ERRORS, 403) },
      },
    },
    async (request) => ({ data: await listRoots(app.db, customerActor(request)) }),
  );

  app.get(
    '/api/vaults/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'A folder with sub-folders and a page of files (`descendants=0` leaves the files out)',
        params: z.object({ id: idParam }),
        querystring: z.object({
          descendants: z.enum(['0', '1', 'true', 'false']).default('1'),
          page: z.coerce.number().int().min(1).default(1),
          per_page: z.coerce.number().int().min(1).max(100).default(24),
        }),
        response: { 200: vaultResponseSchema, ...errorResponses(...AUTH_ERRORS, 404, 422) },
      },
    },
    async (request) => {
      const q = request.query;
      const v = await accessibleVault(app.db, actorOf(request), request.params.id, 'read');
      const withFiles = q.descendants === '1' || q.descendants === 'true';
      const { vault, total } = await presentVault(app.db, v, withFiles ? { page: q.page, perPage: q.per_page } : null);
      return {
        data: vault,
        meta: {
          pagination: { total, total_pages: Math.ceil(total / q.per_page), page: q.page, per_page: q.per_page },
        },
      };
    },
  );

  // One path, two uses, told apart by the body's content type: multipart uploads files, JSON creates a folder.
  app.post(
    '/api/vaults',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary:
          'multipart/form-data (parent_id, type=file, files[]): upload into a folder, answer the new files, first first. ' +
          'application/json {name, parent_id}: create a folder',
        response: {
          200: z.union([vaultUploadResponseSchema, z.object({ data: vaultSchema })]),
          ...errorResponses(...AUTH_ERRORS, 403, 404, 413, 415, 422, 507),
        },
      },
    },
    async (request) => {
      const actor = customerActor(request);
      // a public-link user's uploads are their answers only (POST /media), never vault files or folders
      if (isPublicActor(actor)) throw forbidden('The vault is not available to this account');
      if (!request.isMultipart()) {
        const body = createFolderRequestSchema.safeParse(request.body ?? {});
        if (!body.success) invalid(body.error);
        return { data: await createFolder(app.db, actor, body.data) };
      }
      const form = await receiveForm(request, storage, limits, { fileFields: ['files[]', 'files'], maxFiles: 10 });
      try {
        if (form.files.length === 0) throw validationError({ files: { rule: 'required', params: {} } });
        if (form.fields.type !== undefined && form.fields.type !== 'file') {
          throw validationError({ type: { rule: 'oneOf', params: { values: 'file' } } });
        }
        let vaultId: number;
        if (form.fields.parent_id) {
          const p = parentId.safeParse(form.fields.parent_id);
          if (!p.success) throw validationError({ parent_id: { rule: 'numeric', params: {} } });
          vaultId = (await accessibleVault(app.db, actor, p.data, 'write')).id;
        } else {
          vaultId = (await ensureOwnRoot(app.db, actor)).id;
        }
        const rows = await commitUploads(app.db, storage, actor, form.files, vaultId);
        return { data: rows.map(presentMedia) };
      } catch (err) {
        await discard(storage, form.files);
        throw err;
      }
    },
  );

  app.post(
    '/api/vaults/attach',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Attach vault files (vault_ids = media ids) to a model; relation avatar, model user, only oneself',
        body: vaultAttachRequestSchema,
        response: { 200: vaultAttachResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 404, 422) },
      },
    },
    async (request) => {
      const b = request.body;
      const avatar = await attachAvatar(app.db, customerActor(request), b.vault_ids, b.model_id);
      return { status: 'success' as const, data: { avatar } };
    },
  );
}
