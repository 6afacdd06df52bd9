import type { AdminTeam, TeamCreate, TeamUpdate } from '@cairn/shared';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { discussionParticipants, discussions, users } from '../../db/schema';
import { notFound, validationError } from '../../lib/http-error';
import { type CustomerAdmin, recordAudit } from '../admin';
import { emitToManyOnCommit } from '../notifications/notifications.service';

/** Who made the change and from where, for the audit log. */
export interface AdminCall {
  admin: CustomerAdmin;
  ip: string;
}

type TeamRow = { id: number; name: string | null; members: AdminTeam['members'] };

/** The customer's teams (chat discussions of type team, §4) with their members, in one query. */
export async function listTeams(db: Db, customerId: number, teamId?: number): Promise<AdminTeam[]> {
  const rows = await db.execute<TeamRow>(sql`
    select d.id, d.name,
      coalesce((select json_agg(json_build_object('id', u.id, 'firstname', u.firstname, 'lastname', u.lastname,
                  'email', u.email, 'admin', p.owner) order by lower(u.lastname), lower(u.firstname), u.id)
                from ${discussionParticipants} p join ${users} u on u.id = p.user_id
                where p.discussion_id = d.id and u.deleted_at is null), '[]'::json) as members
    from ${discussions} d
    where d.customer_id = ${customerId} and d.type = 'team' ${teamId === undefined ? sql`` : sql`and d.id = ${teamId}`}
    order by lower(d.name), d.id`);
  return rows.rows.map((r) => ({ id: r.id, name: r.name ?? '', members: r.members }));
}

async function teamOf(db: Db | Tx, customerId: number, id: number): Promise<number[]> {
  const [d] = await db
    .select({ id: discussions.id })
    .from(discussions)
    .where(and(eq(discussions.id, id), eq(discussions.customerId, customerId), eq(discussions.type, 'team')));
  if (!d) throw notFound('Team not found');
  const members = await db
    .select({ userId: discussionParticipants.userId })
    .from(discussionParticipants)
    .where(eq(discussionParticipants.discussionId, id));
  return members.map((m) => m.userId);
}

/**
 * The ids that are members of the customer (accounts with an address: public-link visitors are no team members);
 * any other id is a 422 on `field`.
 */
export async function customerMembers(db: Db | Tx, customerId: number, ids: number[], field: string) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.customerId, customerId), inArray(users.id, unique), isNull(users.deletedAt), isNotNull(users.email)),
    );
  if (found.length !== unique.length) throw validationError({ [field]: { rule: 'oneOf', params: {} } });
  return unique;
}

const teamChanged = (tx: Tx, userIds: number[], discussionId: number) =>
  emitToManyOnCommit(tx, [...new Set(userIds)], 'CHATS_CHANGED', { discussion_id: discussionId });

export async function createTeam(db: Db, call: AdminCall, body: TeamCreate): Promise<AdminTeam> {
  const { customerId, userId } = call.admin;
  const adminId = body.admin_id ?? null;
  const members = await customerMembers(
    db,
    customerId,
    [...(body.member_ids ?? []), ...(adminId ? [adminId] : [])],
    'member_ids',
  );
  const id = await db.transaction(async (tx) => {
    const [d] = await tx
      .insert(discussions)
      .values({ customerId, type: 'team', channel: 'chat', name: body.name })
      .returning({ id: discussions.id });
    if (members.length > 0)
      await tx
        .insert(discussionParticipants)
        .values(members.map((u) => ({ discussionId: d.id, userId: u, owner: u === adminId })));
    await teamChanged(tx, members, d.id);
    await recordAudit(tx, {
      actorId: userId,
      customerId,
      action: 'team.create',
      objectType: 'team',
      objectId: d.id,
      ip: call.ip,
      detail: { name: body.name, members: members.length, admin_id: adminId },
    });
    return d.id;
  });
  return (await listTeams(db, customerId, id))[0];
}

/** Renames a team and/or names its admin (one of its members; null: none). */
export async function updateTeam(db: Db, call: AdminCall, id: number, body: TeamUpdate): Promise<AdminTeam> {
  const { customerId, userId } = call.admin;
  const members = await teamOf(db, customerId, id);
  if (body.admin_id != null && !members.includes(body.admin_id))
    throw validationError({ admin_id: { rule: 'oneOf', params: {} } });
  await db.transaction(async (tx) => {
    if (body.name !== undefined) await tx.update(discussions).set({ name: body.name }).where(eq(discussions.id, id));
    if (body.admin_id !== undefined)
      await tx
        .update(discussionParticipants)
        .set({ owner: sql`${discussionParticipants.userId} = ${body.admin_id ?? 0}` })
        .where(eq(discussionParticipants.discussionId, id));
    await teamChanged(tx, members, id);
    await recordAudit(tx, {
      actorId: userId,
      customerId,
      action: 'team.update',
      objectType: 'team',
      objectId: id,
      ip: call.ip,
      detail: {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...('admin_id' in body ? { admin_id: body.admin_id } : {}),
      },
    });
  });
  return (await listTeams(db, customerId, id))[0];
}

/** Deletes a team: its discussion and its messages go with it (docs/admin.md). */
export async function deleteTeam(db: Db, call: AdminCall, id: number): Promise<void> {
  const { customerId, userId } = call.admin;
  const members = await teamOf(db, customerId, id);
  await db.transaction(async (tx) => {
    const [d] = await tx.delete(discussions).where(eq(discussions.id, id)).returning({ name: discussions.name });
    await teamChanged(tx, members, id);
    await recordAudit(tx, {
      actorId: userId,
      customerId,
      action: 'team.delete',
      objectType: 'team',
      objectId: id,
      ip: call.ip,
      detail: { name: d?.name ?? null, members: members.length },
    });
  });
}

/** Adds people to a team: they are in its discussion at once (live: CHATS_CHANGED). */
export async function addMembers(db: Db, call: AdminCall, id: number, userIds: number[]): Promise<AdminTeam> {
  const { customerId, userId } = call.admin;
  const members = await teamOf(db, customerId, id);
  const added = (await customerMembers(db, customerId, userIds, 'user_ids')).filter((u) => !members.includes(u));
  await db.transaction(async (tx) => {
    if (added.length > 0)
      await tx
        .insert(discussionParticipants)
        .values(added.map((u) => ({ discussionId: id, userId: u })))
        .onConflictDoNothing();
    await teamChanged(tx, [...members, ...added], id);
    await recordAudit(tx, {
      actorId: userId,
      customerId,
      action: 'team.members.add',
      objectType: 'team',
      objectId: id,
      ip: call.ip,
      detail: { user_ids: added },
    });
  });
  return (await listTeams(db, customerId, id))[0];
}

/** Removes one person from a team (and from its discussion, live); the team's admin leaves the team adminless. */
export async function removeMember(db: Db, call: AdminCall, id: number, memberId: number): Promise<AdminTeam> {
  const { customerId, userId } = call.admin;
  const members = await teamOf(db, customerId, id);
  if (!members.includes(memberId)) throw notFound('Not a member of this team');
  await db.transaction(async (tx) => {
    await tx
      .delete(discussionParticipants)
      .where(and(eq(discussionParticipants.discussionId, id), eq(discussionParticipants.userId, memberId)));
    await teamChanged(tx, members, id);
    await recordAudit(tx, {
      actorId: userId,
      customerId,
      action: 'team.members.remove',
      objectType: 'team',
      objectId: id,
      ip: call.ip,
      detail: { user_id: memberId },
    });
  });
  return (await listTeams(db, customerId, id))[0];
}
