import { AUDIT_PAGE, type AuditPage } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type AuditRow = {
  id: number;
  createdAt: Date | string;
  actorId: number | null;
  actorName: string | null;
  actorDeleted: boolean | null;
  action: string;
  objectType: string;
  objectId: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
  total: string;
};

/** The customer's audit log, newest first (one query: the page, the actors' names, the total). */
export async function auditPage(db: Db, customerId: number, page: number, action?: string): Promise<AuditPage> {
  const offset = (page - 1) * AUDIT_PAGE;
  const filter = action ? sql`and a.action = ${action}` : sql``;
  const rows = await db.execute<AuditRow>(sql`
    select a.id, a.created_at as "createdAt", a.actor_id as "actorId",
      nullif(trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), '') as "actorName",
      u.deleted_at is not null as "actorDeleted", a.action, a.object_type as "objectType", a.object_id as "objectId",
      a.ip, a.detail, count(*) over () as total
    from audit_log a left join users u on u.id = a.actor_id
    where a.customer_id = ${customerId} ${filter}
    order by a.id desc limit ${AUDIT_PAGE} offset ${offset}`);
  let total = rows.rows.length > 0 ? Number(rows.rows[0].total) : 0;
  if (rows.rows.length === 0 && page > 1) {
    const n = await db.execute<{ n: string }>(
      sql`select count(*) as n from audit_log a where a.customer_id = ${customerId} ${filter}`,
    );
    total = Number(n.rows[0]?.n ?? 0);
  }
  return {
    data: rows.rows.map((r) => ({
      id: Number(r.id),
      created_at: new Date(r.createdAt).toISOString(),
      // who: the command line (no actor), "Deleted user" once erased, else their name (or their id)
      actor:
        r.actorId === null
          ? null
          : { id: r.actorId, name: r.actorDeleted ? 'Deleted user' : (r.actorName ?? `#${r.actorId}`) },
      action: r.action,
      object_type: r.objectType,
      object_id: r.objectId,
      ip: r.ip,
      detail: r.detail ?? {},
    })),
    meta: {
      pagination: {
        total,
        total_pages: Math.max(1, Math.ceil(total / AUDIT_PAGE)),
        current_page: page,
        per_page: AUDIT_PAGE,
      },
    },
  };
}
