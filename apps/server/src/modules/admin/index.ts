import type { FastifyInstance } from 'fastify';

// what other modules of the admin side build on: the customer-admin policy and the audit log
export {
  assertOwnCustomer,
  type CustomerAdmin,
  isCustomerAdmin,
  requireCustomerAdmin,
  requireRoot,
} from './admin.policy';
export { type AuditEntry, recordAudit } from './audit.repo';

/** Customer administration: people, invitations, operators' customers and the audit log (docs/admin.md). */
export default async function adminModule(_app: FastifyInstance) {}
