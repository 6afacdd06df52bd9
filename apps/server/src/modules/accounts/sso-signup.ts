import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Just-in-time sign-up (docs/admin.md): the first Google or Microsoft sign-in of an address whose domain a customer
 * lists (customers.sso_domains, empty by default) creates a learner of that customer, in one statement with its
 * audit entry. Returns the new account's id, or null when no customer lists the domain (the sign-in is refused as
 * before). A concurrent first sign-in of the same address loses on the unique index and finds the account instead.
 */
export async function ssoSignUp(db: Db, email: string, ip: string): Promise<number | null> {
  const address = email.trim().toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  if (!domain) return null;
  try {
    const made = await db.execute<{ id: number }>(sql`
      with c as (select id from customers where ${domain} = any(sso_domains) order by id limit 1),
      u as (
        insert into users (customer_id, email, language, terms_accepted_at)
        select c.id, ${address}, 'en', null from c
        returning id, customer_id
      ),
      r as (insert into user_roles (user_id, role_id) select u.id, roles.id from u, roles where roles.name = 'learner'),
      a as (
        insert into audit_log (customer_id, actor_id, action, object_type, object_id, ip, detail)
        select u.customer_id, u.id, 'user.sso_signup', 'user', u.id::text, ${ip}, jsonb_build_object('email', ${address}::text)
        from u
      )
      select id from u`);
    return made.rows[0]?.id ?? null;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') return null;
    throw err;
  }
}
