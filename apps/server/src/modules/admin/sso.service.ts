import type { SsoSettings } from '@cairn/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import type { CustomerAdmin } from './admin.policy';
import { recordAudit } from './audit.repo';
import type { AdminCall } from './people.service';

/** The customer's SSO sign-up domains (empty: off, the default). */
export async function readSso(db: Db, admin: CustomerAdmin): Promise<SsoSettings> {
  const [c] = await db
    .select({ domains: customers.ssoDomains })
    .from(customers)
    .where(eq(customers.id, admin.customerId));
  return { domains: c?.domains ?? [] };
}

/**
 * Saves the domains. A domain belongs to one customer at most: one another customer lists is refused (422), so a
 * first sign-in never has two customers to choose from.
 */
export async function saveSso(db: Db, call: AdminCall, input: SsoSettings): Promise<SsoSettings> {
  const domains = [...new Set(input.domains)];
  return db.transaction(async (tx) => {
    // one change at a time across customers, so two customers cannot claim one domain at once
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin-sso-domains'))`);
    if (domains.length > 0) {
      const clash = await tx.execute<{ d: string }>(sql`
        select d from customers c, unnest(c.sso_domains) d
        where c.id <> ${call.admin.customerId} and d = any(${sql.param(domains)}::text[]) limit 1`);
      if (clash.rows[0]) {
        const message = `Another organisation signs up ${clash.rows[0].d} already`;
        throw new HttpError(422, 'validation_failed', message, { errors: { domains: [message] } });
      }
    }
    await tx.update(customers).set({ ssoDomains: domains }).where(eq(customers.id, call.admin.customerId));
    await recordAudit(tx, {
      actorId: call.admin.userId,
      customerId: call.admin.customerId,
      action: 'sso.update',
      objectType: 'customer',
      objectId: call.admin.customerId,
      ip: call.ip,
      detail: { domains },
    });
    return { domains };
  });
}
