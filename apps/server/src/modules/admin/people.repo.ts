import {
  ADMIN_USERS_PAGE,
  type AdminRole,
  type AdminUsersQuery,
  SEARCH_MIN_CHARS,
  type UserState,
} from '@cairn/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/** A person as the admin screens read them. */
export type PersonRow = {
  id: number;
  customerId: number;
  email: string | null;
  firstname: string | null;
  lastname: string | null;
  language: string;
  role: AdminRole;
  state: UserState;
  teams: { id: number; name: string }[];
  invitedAt: Date | null;
  createdAt: Date;
};

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A customer's members: accounts with an address that are not public-link visitors and not erased. */
const MEMBER = sql`u.deleted_at is null and u.trail_id is null and u.public_link_id is null`;

const ROLE = sql`case when u.is_admin then 'admin'
  when u.is_coach or exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                             where ur.user_id = u.id and r.level > 400) then 'coach'
  else 'learner' end`;
const STATE = sql`case when u.deactivated_at is not null then 'deactivated'
  when u.invited_at is not null and u.password_hash is null then 'invited'
  when u.is_paused then 'paused' else 'active' end`;

function select(where: SQL, tail: SQL) {
  return sql`
    select u.id, u.customer_id as "customerId", u.email, u.firstname, u.lastname, u.language,
      ${ROLE} as role, ${STATE} as state, u.invited_at as "invitedAt", u.created_at as "createdAt",
      coalesce((select json_agg(json_build_object('id', d.id, 'name', coalesce(d.name, '')) order by lower(d.name), d.id)
                from discussion_participants p join discussions d on d.id = p.discussion_id and d.type = 'team'
               where p.user_id = u.id), '[]'::json) as teams,
      count(*) over () as total
    from users u
    where ${where}
    ${tail}`;
}

/** One page of the customer's people (one query: the rows, their teams and the total). */
export async function listPeople(db: Db, customerId: number, q: AdminUsersQuery) {
  const where: SQL[] = [sql`u.customer_id = ${customerId}`, MEMBER];
  const search = q.search?.trim() ?? '';
  if (search.length >= SEARCH_MIN_CHARS) {
    const p = likePattern(search);
    where.push(
      sql`(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '') || ' ' || coalesce(u.email, '')) ilike ${p}`,
    );
  }
  if (q.role) where.push(sql`${ROLE} = ${q.role}`);
  if (q.state) where.push(sql`${STATE} = ${q.state}`);
  if (q.team_id) {
    where.push(sql`exists (select 1 from discussion_participants p join discussions d on d.id = p.discussion_id
                            where p.user_id = u.id and d.id = ${q.team_id} and d.type = 'team'
                              and d.customer_id = ${customerId})`);
  }
  const offset = (q.page - 1) * ADMIN_USERS_PAGE;
  const rows = await db.execute<PersonRow & { total: string }>(
    select(
      sql.join(where, sql` and `),
      sql`order by lower(u.lastname), lower(u.firstname), u.id limit ${ADMIN_USERS_PAGE} offset ${offset}`,
    ),
  );
  const total = rows.rows.length > 0 ? Number(rows.rows[0].total) : await countPeople(db, where);
  return { rows: rows.rows, total };
}

// a page past the end has no row to carry the total
async function countPeople(db: Db, where: SQL[]): Promise<number> {
  const r = await db.execute<{ n: string }>(
    sql`select count(*) as n from users u where ${sql.join(where, sql` and `)}`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** One member of the customer, or null (another customer's, erased, a public visitor, or none). */
export async function findPerson(db: Db | Tx, customerId: number, id: number): Promise<PersonRow | null> {
  const rows = await db.execute<PersonRow>(
    select(sql`u.id = ${id} and u.customer_id = ${customerId} and ${MEMBER}`, sql``),
  );
  return rows.rows[0] ?? null;
}
