import type { AdminRole } from '@cairn/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { roles, userRoles, users } from '../../db/schema';

/** The roles table's rows behind the admin roles: learner (level 100) and coach (level 500, above 400). */
export async function roleIds(tx: Tx): Promise<{ learner: number; coach: number }> {
  const rows = await tx
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(inArray(roles.name, ['learner', 'coach']));
  const id = (name: string) => {
    const r = rows.find((x) => x.name === name);
    if (!r) throw new Error(`the ${name} role is missing`);
    return r.id;
  };
  return { learner: id('learner'), coach: id('coach') };
}

/** The flags of an admin role: a coach is above level 400; an admin is a coach who is also the customer's admin. */
export const roleFlags = (role: AdminRole) => ({ isCoach: role !== 'learner', isAdmin: role === 'admin' });

/** Gives the user exactly the role (its flags and its one row in user_roles, replacing the learner/coach rows). */
export async function setRole(tx: Tx, userId: number, role: AdminRole): Promise<void> {
  const ids = await roleIds(tx);
  await tx
    .update(users)
    .set({ ...roleFlags(role), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await tx
    .delete(userRoles)
    .where(sql`${userRoles.userId} = ${userId} and ${userRoles.roleId} in (${ids.learner}, ${ids.coach})`);
  await tx.insert(userRoles).values({ userId, roleId: role === 'learner' ? ids.learner : ids.coach });
}
