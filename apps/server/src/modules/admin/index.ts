import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import adminRoutes from './admin.routes';
import { INVITE_MAIL_JOB, type InviteMailJob, sendInvitationMails } from './invitations.service';

// what other modules of the admin side build on: the customer-admin policy and the audit log
export {
  assertOwnCustomer,
  type CustomerAdmin,
  isCustomerAdmin,
  requireCustomerAdmin,
  requireRoot,
} from './admin.policy';
export { type AuditEntry, recordAudit } from './audit.repo';

/**
 * Customer administration: people, invitations, SSO sign-up, operators' customers and the audit log
 * (docs/admin.md). Not wrapped in fastify-plugin: the multipart parser the CSV import needs stays in this scope.
 */
export default async function adminModule(app: FastifyInstance) {
  app.jobs.register<InviteMailJob>(INVITE_MAIL_JOB, (job) =>
    sendInvitationMails(app.db, app.mailer, job, app.config.publicUrl),
  );
  await app.register(multipart);
  await app.register(adminRoutes);
}
