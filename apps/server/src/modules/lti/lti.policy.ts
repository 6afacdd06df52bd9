import { isPublicRoleName } from '@cairn/shared/constants';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { forbidden } from '../../lib/http-error';

/**
 * Only the customer's admin (a member with is_admin, never a public user) registers LTI platforms; the customer is
 * always the actor's own (no customer id in the request).
 */
export function canManageLti(a: { customerId: number | null; isAdmin: boolean; isPublic: boolean }): boolean {
  return a.customerId !== null && a.isAdmin && !a.isPublic;
}

/** The actor's customer when they are its admin; 403 otherwise. */
export async function ltiAdminCustomer(db: Db, actor: Actor): Promise<number> {
  const [u] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, actor.userId));
  const isPublic = actor.trailId !== null || actor.roles.some((r) => isPublicRoleName(r.name));
  if (!canManageLti({ customerId: actor.customerId, isAdmin: u?.isAdmin ?? false, isPublic }) || !actor.customerId) {
    throw forbidden('Only an admin of the customer may register LTI platforms');
  }
  return actor.customerId;
}
