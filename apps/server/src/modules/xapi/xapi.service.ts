import type { XapiSettings, XapiSettingsUpdate } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { xapiSettings } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { validationError } from '../../lib/http-error';
import { recordAudit, requireCustomerAdmin } from '../admin';
import { loadSettings, queueStats, type XapiSettingsRow } from './xapi.repo';

function present(s: XapiSettingsRow | null, queue: Awaited<ReturnType<typeof queueStats>>): XapiSettings {
  return {
    enabled: s?.enabled ?? false,
    endpoint: s?.endpoint ?? null,
    auth: s?.authKind ?? 'basic',
    username: s?.username ?? '',
    has_secret: (s?.secret ?? '') !== '',
    token_url: s?.tokenUrl ?? null,
    actor_email: s?.actorEmail ?? false,
    queue: {
      pending: queue?.pending ?? 0,
      sent: queue?.sent ?? 0,
      failed: queue?.failed ?? 0,
      last_error: queue?.last_error ?? null,
      last_sent_at: queue?.last_sent_at ? new Date(queue.last_sent_at).toISOString() : null,
    },
  };
}

/** The customer's LRS settings (never the secret) and its outbox's counts: customer admins only. */
export async function getXapiSettings(db: Db, actor: Actor | null): Promise<XapiSettings> {
  const admin = await requireCustomerAdmin(db, actor);
  const [s, q] = await Promise.all([loadSettings(db, admin.customerId), queueStats(db, admin.customerId)]);
  return present(s, q);
}

/**
 * Saves the customer's LRS (customer admins only; audited without the secret). The secret is write-only: an omitted
 * or empty one keeps the stored secret; turning the LRS on needs one stored or given.
 */
export async function saveXapiSettings(
  db: Db,
  actor: Actor | null,
  body: XapiSettingsUpdate,
  ip: string,
): Promise<XapiSettings> {
  const admin = await requireCustomerAdmin(db, actor);
  await db.transaction(async (tx) => {
    const current = await loadSettings(tx, admin.customerId);
    const secret = body.secret ? body.secret : (current?.secret ?? '');
    if (body.enabled && secret === '') {
      throw validationError({ secret: { rule: 'required', params: {} } });
    }
    const values = {
      enabled: body.enabled,
      endpoint: body.endpoint,
      authKind: body.auth,
      username: body.username,
      secret,
      tokenUrl: body.auth === 'oauth' ? (body.token_url ?? null) : null,
      actorEmail: body.actor_email,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(xapiSettings)
      .values({ customerId: admin.customerId, ...values })
      .onConflictDoUpdate({ target: xapiSettings.customerId, set: values });
    await recordAudit(tx, {
      actorId: admin.userId,
      customerId: admin.customerId,
      action: 'xapi.update',
      objectType: 'xapi',
      objectId: admin.customerId,
      ip,
      detail: {
        enabled: body.enabled,
        endpoint: body.endpoint,
        auth: body.auth,
        actor_email: body.actor_email,
        secret_changed: Boolean(body.secret),
      },
    });
  });
  return getXapiSettings(db, actor);
}
