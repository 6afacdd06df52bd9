import type { PrivacySettings } from '@cairn/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import type { CustomerAdmin } from './admin.policy';
import { recordAudit } from './audit.repo';
import type { AdminCall } from './people.service';

/** Whether the customer's coaches see who answered its anonymous surveys (off: the default; docs/admin.md). */
export async function readPrivacy(db: Db, admin: CustomerAdmin): Promise<PrivacySettings> {
  const [c] = await db
    .select({ coachesSee: customers.coachesSeeAnonymous })
    .from(customers)
    .where(eq(customers.id, admin.customerId));
  return { coaches_see_anonymous: c?.coachesSee ?? false };
}

/** Saves the setting for the admin's own customer, audited as 'privacy.update'. */
export async function savePrivacy(db: Db, call: AdminCall, input: PrivacySettings): Promise<PrivacySettings> {
  const value = input.coaches_see_anonymous;
  return db.transaction(async (tx) => {
    await tx.update(customers).set({ coachesSeeAnonymous: value }).where(eq(customers.id, call.admin.customerId));
    await recordAudit(tx, {
      actorId: call.admin.userId,
      customerId: call.admin.customerId,
      action: 'privacy.update',
      objectType: 'customer',
      objectId: call.admin.customerId,
      ip: call.ip,
      detail: { coaches_see_anonymous: value },
    });
    return { coaches_see_anonymous: value };
  });
}
