import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

/** One admin action for the audit log; `objectId` is the object's id as text (numbers, uuids, trail ids). */
export interface AuditEntry {
  /** who did it (null: the command line) */
  actorId: number | null;
  /** whose log it lands in (null: an operator's action outside any customer) */
  customerId: number | null;
  /** what: a dotted verb, e.g. `user.invite`, `user.update`, `team.create`, `trail.publish` */
  action: string;
  /** the kind of object: `user`, `team`, `trail`, `customer`, `import`, … */
  objectType: string;
  objectId?: string | number | null;
  /** from which address (request.ip; null from the command line) */
  ip?: string | null;
  /** what changed, small and without secrets (never a password or a token) */
  detail?: Record<string, unknown>;
}

/**
 * Records an admin action. Call it inside the transaction that makes the change, so the log holds exactly what
 * happened: a change that rolls back leaves no entry, and an entry never describes a change that was not made.
 */
export async function recordAudit(tx: Tx, e: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: e.actorId,
    customerId: e.customerId,
    action: e.action,
    objectType: e.objectType,
    objectId: e.objectId == null ? null : String(e.objectId),
    ip: e.ip ?? null,
    detail: e.detail ?? {},
  });
}
