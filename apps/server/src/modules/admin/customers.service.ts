import { type CreateCustomer, createCustomerSchema } from '@cairn/shared';
import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CustomerStyle } from '../../db/schema';
import { customers, roles, userRoles, users } from '../../db/schema';
import { recordAudit } from './audit.repo';
import { issueInvitation } from './invitations.service';
import { addressTaken } from './people.service';
import { roleFlags, roleIds } from './roles';

/** A new customer's palette until its admin picks one on the brand page (Cairn's own orange over slate). */
const DEFAULT_STYLE: CustomerStyle = {
  attributes: { color: '#ff7233' },
  colors: { color0: { r: 255, g: 114, b: 51 }, color2: { r: 38, g: 50, b: 56 } },
};
/** The roles every deployment needs (the demo seed inserts the same): an empty deployment gets them here. */
const BASE_ROLES = [
  { name: 'public', level: 10 },
  { name: 'learner', level: 100 },
  { name: 'coach', level: 500 },
];

export interface CustomerCreated {
  id: number;
  company: string;
  adminId: number;
  createdAt: Date;
  /** with `issueLink` (the command line): the invitation token, else the mail job makes one */
  token: string | null;
}

/**
 * An operator creates a customer and its first admin (a coach with is_admin, invited: no password yet), in one
 * transaction with the audit entry. The command line (`issueLink`) gets the invitation link at once to print it;
 * the API leaves the link to the invitation mail job.
 */
export async function createCustomer(
  db: Db,
  input: CreateCustomer,
  by: { userId: number | null; ip: string | null },
  opts: { issueLink: boolean } = { issueLink: false },
): Promise<CustomerCreated> {
  const v = createCustomerSchema.parse(input);
  try {
    return await db.transaction(async (tx) => {
      await tx.insert(roles).values(BASE_ROLES).onConflictDoNothing();
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${v.admin_email}`, isNull(users.deletedAt)));
      if (taken) throw addressTaken();
      const [c] = await tx.insert(customers).values({ company: v.company, style: DEFAULT_STYLE }).returning();
      const [u] = await tx
        .insert(users)
        .values({
          customerId: c.id,
          email: v.admin_email,
          firstname: v.admin_firstname ?? null,
          lastname: v.admin_lastname ?? null,
          language: v.language,
          invitedAt: sql`now()`,
          ...roleFlags('admin'),
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values({ userId: u.id, roleId: (await roleIds(tx)).coach });
      const token = opts.issueLink ? await issueInvitation(tx, u.id, by.userId) : null;
      await recordAudit(tx, {
        actorId: by.userId,
        customerId: c.id,
        action: 'customer.create',
        objectType: 'customer',
        objectId: c.id,
        ip: by.ip,
        detail: { company: v.company, admin_email: v.admin_email, admin_id: u.id },
      });
      return { id: c.id, company: c.company, adminId: u.id, createdAt: c.createdAt, token };
    });
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw addressTaken();
    throw err;
  }
}

/** Every customer of the deployment with its number of members (operators). */
export async function listCustomers(db: Db) {
  const rows = await db.execute<{ id: number; company: string; users: string; createdAt: Date | string }>(sql`
    select c.id, c.company, c.created_at as "createdAt",
      (select count(*) from users u where u.customer_id = c.id and u.deleted_at is null
         and u.trail_id is null and u.public_link_id is null) as users
    from customers c order by lower(c.company), c.id`);
  return rows.rows.map((r) => ({
    id: r.id,
    company: r.company,
    users: Number(r.users),
    created_at: new Date(r.createdAt).toISOString(),
  }));
}
