import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { type Actor, isPublicActor } from '../../lib/actor';
import { forbidden, notFound, unauthenticated } from '../../lib/http-error';

/** A customer admin, resolved from the token and one read of the user row (never from client-supplied ids). */
export interface CustomerAdmin {
  userId: number;
  customerId: number;
  isRoot: boolean;
}

/** The admin subject: what the policy decides on. */
export interface AdminSubject {
  customerId: number | null;
  isAdmin: boolean;
  isPublic: boolean;
  deactivated: boolean;
}

/**
 * The customer admin role (§3 User `is_admin`): a signed-in member of a customer whose profile has is_admin, not a
 * public user, not deactivated. The customer is always the actor's own.
 */
export function isCustomerAdmin(s: AdminSubject): boolean {
  return s.customerId !== null && s.isAdmin && !s.isPublic && !s.deactivated;
}

/**
 * The policy of every /api/admin route: 401 without an actor, 403 for anyone but an admin of their customer. Routes
 * put behind it then scope every object to `customerId` and answer 404 for other customers' objects
 * ({@link assertOwnCustomer}).
 */
export async function requireCustomerAdmin(db: Db | Tx, actor: Actor | null | undefined): Promise<CustomerAdmin> {
  if (!actor) throw unauthenticated();
  const [row] = await db
    .select({ isAdmin: users.isAdmin, isRoot: users.isRoot, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, actor.userId));
  const subject: AdminSubject = {
    customerId: actor.customerId,
    isAdmin: row?.isAdmin ?? false,
    isPublic: actor.trailId !== null || isPublicActor(actor),
    deactivated: row?.deactivatedAt != null,
  };
  if (!isCustomerAdmin(subject) || actor.customerId === null) {
    throw forbidden('Only an admin of the customer may do this');
  }
  return { userId: actor.userId, customerId: actor.customerId, isRoot: row?.isRoot ?? false };
}

/** 404 ("as if missing") when an object is not the admin's customer's (or does not exist). */
export function assertOwnCustomer(admin: CustomerAdmin, objectCustomerId: number | null | undefined): void {
  if (objectCustomerId == null || objectCustomerId !== admin.customerId) throw notFound();
}

/** The operator of the deployment (`is_root`): creates customers. 401 without an actor, 403 for anyone else. */
export async function requireRoot(db: Db | Tx, actor: Actor | null | undefined): Promise<{ userId: number }> {
  if (!actor) throw unauthenticated();
  const [row] = await db
    .select({ isRoot: users.isRoot, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!row?.isRoot || row.deactivatedAt || isPublicActor(actor) || actor.trailId !== null) {
    throw forbidden('Only an operator of this deployment may do this');
  }
  return { userId: actor.userId };
}
