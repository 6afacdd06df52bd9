import {
  acceptInvitationSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  createCustomerSchema,
  customerCreatedResponseSchema,
  customersResponseSchema,
  errorBodySchema,
  IMPORT_MAX_BYTES,
  importQuerySchema,
  importReportSchema,
  importResponseSchema,
  invitationTokenParam,
  inviteUserSchema,
  loginResponseSchema,
  privacySettingsResponseSchema,
  privacySettingsSchema,
  ssoSettingsResponseSchema,
  ssoSettingsSchema,
  statusResponseSchema,
  updateUserSchema,
} from '@cairn/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { AUTH_ERRORS, bearer, errorResponses, idParam, noAuth } from '../../lib/route-schemas';
import { authRateLimit } from '../../plugins/rate-limit';
import { requireCustomerAdmin, requireRoot } from './admin.policy';
import { auditPage } from './audit.service';
import { createCustomer, listCustomers } from './customers.service';
import { importPeople, importTooLarge } from './import.service';
import { acceptInvitation, INVITE_MAIL_JOB } from './invitations.service';
import {
  type AdminCall,
  erasePerson,
  invitePerson,
  peoplePage,
  resendInvitation,
  updatePerson,
} from './people.service';
import { readPrivacy, savePrivacy } from './privacy.service';
import { readSso, saveSso } from './sso.service';

const ADMIN_ERRORS = [...AUTH_ERRORS, 403, 404, 422] as const;
const byId = z.object({ id: idParam });

/** People, invitations, the audit log, SSO sign-up, privacy and (operators) customers: docs/admin.md. */
export default async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const people = { tags: ['admin'], security: bearer };
  const auth = { onRequest: app.authenticate };
  const call = async (request: FastifyRequest): Promise<AdminCall> => ({
    admin: await requireCustomerAdmin(app.db, actorOf(request)),
    ip: request.ip,
  });

  app.get(
    '/api/admin/users',
    {
      ...auth,
      schema: {
        ...people,
        operationId: 'listAdminUsers',
        summary: "The customer's people, 25 a page: search (2+ characters) by name or e-mail, role, team and state",
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => peoplePage(app.db, (await call(request)).admin, request.query),
  );

  app.post(
    '/api/admin/users',
    {
      ...auth,
      schema: {
        ...people,
        operationId: 'inviteAdminUser',
        summary: 'Invite one person: an account without a password and a 7-day, single-use link by e-mail',
        body: inviteUserSchema,
        response: { 201: adminUserResponseSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await invitePerson(app.db, app.jobs, await call(request), request.body) }),
  );

  app.post(
    '/api/admin/users/import',
    {
      ...auth,
      schema: {
        ...people,
        operationId: 'importAdminUsers',
        summary:
          'Import people from a CSV (multipart field `file`; columns email, firstname, lastname, language, role, team). ' +
          'The whole file is checked first; with any problem nothing is imported (422 lists each by row and column). ' +
          '?dry_run=1 only checks. Over 5 MB or 50,000 rows: 413.',
        querystring: importQuerySchema,
        consumes: ['multipart/form-data'],
        response: {
          200: importResponseSchema,
          422: errorBodySchema.extend({ data: importReportSchema.optional() }),
          ...errorResponses(...AUTH_ERRORS, 400, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const c = await call(request);
      const file = await receiveCsv(request);
      const dryRun = request.query.dry_run === '1' || request.query.dry_run === 'true';
      const report = await importPeople(app.db, app.jobs, c, file, dryRun);
      if (report.problem_count > 0) {
        return reply.code(422).send({
          message: `The file has ${report.problem_count} problem(s); nothing was imported`,
          code: 'import_invalid',
          errors: Object.fromEntries(
            report.problems.slice(0, 20).map((p) => [`row ${p.row}: ${p.column}`, [p.message]]),
          ),
          data: report,
        });
      }
      return { data: report };
    },
  );

  app.patch(
    '/api/admin/users/:id',
    {
      ...auth,
      schema: {
        ...people,
        operationId: 'updateAdminUser',
        summary: "Change a person's role or state (active, paused, deactivated: sessions end at once, no sign-in)",
        params: byId,
        body: updateUserSchema,
        response: { 200: adminUserResponseSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => ({
      data: await updatePerson(app.db, await call(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      ...auth,
      schema: {
        ...people,
        operationId: 'eraseAdminUser',
        summary: 'Erase a person (GDPR): personal data removed, answers kept in aggregates as "Deleted user"',
        params: byId,
        response: { 200: statusResponseSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      await erasePerson(app.db, await call(request), request.params.id);
      return { status: 'success' as const };
    },
  );

  app.post(
    '/api/admin/users/:id/invite',
    {
      ...auth,
      schema: {
        ...people,
        operationId: 'resendAdminInvitation',
        summary: 'Send the invitation again: a new link, the old one stops working (409 once accepted)',
        params: byId,
        response: { 200: adminUserResponseSchema, ...errorResponses(...ADMIN_ERRORS, 409) },
      },
    },
    async (request) => ({ data: await resendInvitation(app.db, app.jobs, await call(request), request.params.id) }),
  );

  app.get(
    '/api/admin/audit',
    {
      ...auth,
      schema: {
        ...people,
        operationId: 'listAdminAudit',
        summary: "The customer's audit log, newest first, 50 a page: who, what, which object, when, from where",
        querystring: auditQuerySchema,
        response: { 200: auditResponseSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => {
      const { admin } = await call(request);
      return auditPage(app.db, admin.customerId, request.query.page, request.query.action);
    },
  );

  app.get(
    '/api/admin/sso',
    {
      ...auth,
      schema: {
        ...people,
        operationId: 'getAdminSso',
        summary: 'The e-mail domains whose first Google or Microsoft sign-in creates a learner (empty: off)',
        response: { 200: ssoSettingsResponseSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => ({ data: await readSso(app.db, (await call(request)).admin) }),
  );

  app.put(
    '/api/admin/sso',
    {
      ...auth,
      schema: {
        ...people,
        operationId: 'saveAdminSso',
        summary: 'Set the SSO sign-up domains (at most 50; a domain another customer lists is refused)',
        body: ssoSettingsSchema,
        response: { 200: ssoSettingsResponseSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => ({ data: await saveSso(app.db, await call(request), request.body) }),
  );

  app.get(
    '/api/admin/privacy',
    {
      ...auth,
      schema: {
        ...people,
        operationId: 'getAdminPrivacy',
        summary: "Whether the customer's coaches see who answered its anonymous surveys (default: no)",
        response: { 200: privacySettingsResponseSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => ({ data: await readPrivacy(app.db, (await call(request)).admin) }),
  );

  app.put(
    '/api/admin/privacy',
    {
      ...auth,
      schema: {
        ...people,
        operationId: 'saveAdminPrivacy',
        summary: "Set whether the customer's coaches see who answered its anonymous surveys",
        body: privacySettingsSchema,
        response: { 200: privacySettingsResponseSchema, ...errorResponses(...ADMIN_ERRORS) },
      },
    },
    async (request) => ({ data: await savePrivacy(app.db, await call(request), request.body) }),
  );

  app.post(
    '/api/invitations/:token',
    {
      ...authRateLimit(app),
      schema: {
        tags: ['admin'],
        security: noAuth,
        operationId: 'acceptInvitation',
        summary: 'Accept an invitation: set a password, accept the terms, and be signed in (the link works once)',
        params: z.object({ token: invitationTokenParam }),
        body: acceptInvitationSchema,
        response: { 200: loginResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (request) =>
      acceptInvitation(
        app.db,
        request.params.token,
        request.body,
        { userAgent: request.headers['user-agent'], ip: request.ip },
        app.config,
      ),
  );

  const operators = { tags: ['admin'], security: bearer };
  app.get(
    '/api/admin/customers',
    {
      ...auth,
      schema: {
        ...operators,
        operationId: 'listCustomers',
        summary: "The deployment's customers (operators: is_root)",
        response: { 200: customersResponseSchema, ...errorResponses(...AUTH_ERRORS, 403) },
      },
    },
    async (request) => {
      await requireRoot(app.db, actorOf(request));
      return { data: await listCustomers(app.db) };
    },
  );

  app.post(
    '/api/admin/customers',
    {
      ...auth,
      schema: {
        ...operators,
        operationId: 'createCustomer',
        summary: 'Create a customer and invite its first admin by e-mail (operators: is_root)',
        body: createCustomerSchema,
        response: { 201: customerCreatedResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 422) },
      },
    },
    async (request, reply) => {
      const root = await requireRoot(app.db, actorOf(request));
      const made = await createCustomer(app.db, request.body, { userId: root.userId, ip: request.ip });
      await app.jobs.enqueue(INVITE_MAIL_JOB, { userIds: [made.adminId] });
      return reply.code(201).send({
        data: {
          id: made.id,
          company: made.company,
          users: 1,
          created_at: made.createdAt.toISOString(),
          admin_id: made.adminId,
        },
      });
    },
  );
}

/** The one CSV file of the import's multipart body (field `file`); 415 when not multipart, 413 over 5 MB. */
async function receiveCsv(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the CSV as multipart/form-data');
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw importTooLarge();
    request.log.debug({ err }, 'malformed multipart body');
    throw new HttpError(400, 'validation_failed', 'The multipart body is malformed');
  }
  if (!bytes) {
    throw new HttpError(422, 'validation_failed', 'The file field is required', {
      errors: { file: ['The file field is required'] },
    });
  }
  return bytes;
}
