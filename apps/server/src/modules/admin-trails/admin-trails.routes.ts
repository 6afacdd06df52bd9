import {
  adminTeamResponseSchema,
  adminTeamsResponseSchema,
  adminTrailResponseSchema,
  adminTrailsResponseSchema,
  assignmentResultSchema,
  assignmentTargetsSchema,
  assignSchema,
  packageUploadResponseSchema,
  previewResponseSchema,
  publicLinkSchema,
  teamCreateSchema,
  teamMembersSchema,
  teamUpdateSchema,
} from '@cairn/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { AUTH_ERRORS, bearer, errorResponses, idParam } from '../../lib/route-schemas';
import { requireCustomerAdmin } from '../admin';
import { exportTrail, packageToYaml } from '../content/content.export';
import { ContentError } from '../content/content.import';
import { receivePackage } from './package.upload';
import {
  type AdminCall,
  addMembers,
  createTeam,
  deleteTeam,
  listTeams,
  removeMember,
  updateTeam,
} from './teams.service';
import {
  adminTrail,
  assignTrail,
  createLink,
  listAdminTrails,
  publishTrail,
  retireTrail,
  revokeLink,
  startPreview,
  unassignTrail,
  uploadPackage,
} from './trails-admin.service';

const ok = z.object({ status: z.literal('success') });
const byId = z.object({ id: idParam });
const ADMIN_ERRORS = [...AUTH_ERRORS, 403, 404, 422] as const;

/** A refused package as a 422: the CLI's first line as the message, every problem under its path. */
export function packageRefusal(err: ContentError): HttpError {
  const errors: Record<string, string[]> = {};
  for (const p of err.problems) {
    errors[p.path] ??= [];
    errors[p.path].push(p.message);
  }
  return new HttpError(422, 'validation_failed', `refused: ${err.problems.length} problem(s), nothing imported`, {
    errors,
  });
}

/** Teams (chat team discussions) and trails of the admin's customer: /api/admin/teams, /api/admin/trails (docs/admin.md). */
export default async function adminTrailsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: app.authenticate };
  const call = async (request: FastifyRequest): Promise<AdminCall> => ({
    admin: await requireCustomerAdmin(app.db, request.actor),
    ip: request.ip,
  });
  const teams = { tags: ['admin'], security: bearer };

  app.get(
    '/api/admin/teams',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'listAdminTeams',
        summary: "The customer's teams with their members and admin",
        response: { 200: adminTeamsResponseSchema, ...errorResponses(...AUTH_ERRORS, 403) },
      },
    },
    async (request) => ({ data: await listTeams(app.db, (await call(request)).admin.customerId) }),
  );

  app.post(
    '/api/admin/teams',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'createAdminTeam',
        summary: 'Create a team (its chat discussion) with members and an admin',
        body: teamCreateSchema,
        response: { 201: adminTeamResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createTeam(app.db, await call(request), request.body) }),
  );

  app.patch(
    '/api/admin/teams/:id',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'updateAdminTeam',
        summary: 'Rename a team or name its admin (one of its members, or null)',
        params: byId,
        body: teamUpdateSchema,
        response: { 200: adminTeamResponseSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => ({ data: await updateTeam(app.db, await call(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/admin/teams/:id',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'deleteAdminTeam',
        summary: 'Delete a team with its discussion',
        params: byId,
        response: { 200: ok, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      await deleteTeam(app.db, await call(request), request.params.id);
      return { status: 'success' as const };
    },
  );

  app.post(
    '/api/admin/teams/:id/members',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'addAdminTeamMembers',
        summary: 'Add people to a team: they join its discussion at once',
        params: byId,
        body: teamMembersSchema,
        response: { 200: adminTeamResponseSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => ({
      data: await addMembers(app.db, await call(request), request.params.id, request.body.user_ids),
    }),
  );

  app.delete(
    '/api/admin/teams/:id/members/:userId',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'removeAdminTeamMember',
        summary: 'Remove a person from a team and its discussion',
        params: z.object({ id: idParam, userId: idParam }),
        response: { 200: adminTeamResponseSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => ({
      data: await removeMember(app.db, await call(request), request.params.id, request.params.userId),
    }),
  );

  app.get(
    '/api/admin/trails',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'listAdminTrails',
        summary: "The customer's trails: state (draft, published, retired), assignment counts, public links",
        response: { 200: adminTrailsResponseSchema, ...errorResponses(...AUTH_ERRORS, 403) },
      },
    },
    async (request) => ({ data: await listAdminTrails(app.db, (await call(request)).admin.customerId) }),
  );

  app.post(
    '/api/admin/trails',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'uploadAdminTrail',
        summary:
          'Upload a package (multipart field `file`: YAML/JSON, or a zip with its media), checked like the CLI. ' +
          'Imported as a draft; `dry_run=1` checks only. A refused package is a 422 listing every problem by path',
        querystring: z.object({ dry_run: z.enum(['0', '1']).optional() }),
        response: {
          200: packageUploadResponseSchema,
          201: packageUploadResponseSchema,
          ...errorResponses(...AUTH_ERRORS, 400, 403, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const c = await call(request);
      const dryRun = request.query.dry_run === '1';
      try {
        const received = await receivePackage(request);
        try {
          const data = await uploadPackage(app.db, app.config.filesDir, c, received, dryRun);
          return reply.code(dryRun ? 200 : 201).send({ data });
        } finally {
          await received.cleanup();
        }
      } catch (err) {
        if (err instanceof ContentError) throw packageRefusal(err);
        throw err;
      }
    },
  );

  app.get(
    '/api/admin/trails/:id',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'getAdminTrail',
        summary: 'One trail of the customer with its state, counts and links',
        params: byId,
        response: { 200: adminTrailResponseSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => ({ data: await adminTrail(app.db, (await call(request)).admin.customerId, request.params.id) }),
  );

  app.post(
    '/api/admin/trails/:id/preview',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'previewAdminTrail',
        summary: 'Play a draft as yourself (a new preview each time; publishing discards every preview)',
        params: byId,
        response: { 200: previewResponseSchema, ...errorResponses(...ADMIN_ERRORS, 409) },
      },
    },
    async (request) => ({ data: await startPreview(app.db, await call(request), request.params.id) }),
  );

  app.post(
    '/api/admin/trails/:id/publish',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'publishAdminTrail',
        summary: 'Publish a draft: it can be assigned and shared',
        params: byId,
        response: { 200: adminTrailResponseSchema, ...errorResponses(...ADMIN_ERRORS, 409) },
      },
    },
    async (request) => ({ data: await publishTrail(app.db, await call(request), request.params.id) }),
  );

  app.post(
    '/api/admin/trails/:id/retire',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'retireAdminTrail',
        summary: 'Retire a trail: no new assignments or links; results are kept',
        params: byId,
        response: { 200: adminTrailResponseSchema, ...errorResponses(...ADMIN_ERRORS, 409) },
      },
    },
    async (request) => ({ data: await retireTrail(app.db, await call(request), request.params.id) }),
  );

  app.post(
    '/api/admin/trails/:id/assignments',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'assignAdminTrail',
        summary: "Assign a published trail to people, teams' members or everyone, with start and due days",
        params: byId,
        body: assignSchema,
        response: { 200: assignmentResultSchema, ...errorResponses(...ADMIN_ERRORS, 409) },
      },
    },
    async (request) => ({ data: await assignTrail(app.db, await call(request), request.params.id, request.body) }),
  );

  app.delete(
    '/api/admin/trails/:id/assignments',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'unassignAdminTrail',
        summary: "Unassign a trail from people, teams' members or everyone (their results stay)",
        params: byId,
        body: assignmentTargetsSchema,
        response: { 200: assignmentResultSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => ({ data: await unassignTrail(app.db, await call(request), request.params.id, request.body) }),
  );

  app.post(
    '/api/admin/trails/:id/links',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'createAdminTrailLink',
        summary: 'Create a public link (/public/{id}) to a published trail',
        params: byId,
        response: { 201: z.object({ data: publicLinkSchema }), ...errorResponses(...ADMIN_ERRORS, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createLink(app.db, await call(request), request.params.id) }),
  );

  app.delete(
    '/api/admin/trails/:id/links/:linkId',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'revokeAdminTrailLink',
        summary: 'Revoke a public link',
        params: z.object({ id: idParam, linkId: z.string().min(1).max(200) }),
        response: { 200: ok, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      await revokeLink(app.db, await call(request), request.params.id, request.params.linkId);
      return { status: 'success' as const };
    },
  );

  app.get(
    '/api/admin/trails/:id/export',
    {
      ...auth,
      schema: {
        ...teams,
        operationId: 'exportAdminTrail',
        summary: 'The trail as a package (YAML, the format of docs/content-format.md)',
        params: byId,
        response: { 200: z.string(), ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) => {
      const { admin } = await call(request);
      const t = await adminTrail(app.db, admin.customerId, request.params.id);
      const pkg = await exportTrail(app.db, t.id);
      if (!pkg) throw new HttpError(404, 'not_found', 'Trail not found');
      const name = `${
        t.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'trail'
      }-${t.id}.yaml`;
      return reply
        .header('content-type', 'application/yaml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(packageToYaml(pkg));
    },
  );
}
