import type { AdminUser, AdminUsersPage, AdminUsersQuery, InviteUser, UpdateUser } from '@cairn/shared';
import { ADMIN_USERS_PAGE, inviteUserSchema } from '@cairn/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { discussionParticipants, discussions, invitations, userFieldValues, users } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import type { Jobs } from '../../plugins/jobs';
import { revokeAllSessions } from '../accounts';
import type { CustomerAdmin } from './admin.policy';
import { recordAudit } from './audit.repo';
import { INVITE_MAIL_JOB, type InviteMailJob } from './invitations.service';
import { presentPerson } from './people.presenter';
import { findPerson, listPeople, type PersonRow } from './people.repo';
import { roleFlags, setRole } from './roles';

/** Who acts and from where: every change lands in the audit log with both. */
export interface AdminCall {
  admin: CustomerAdmin;
  ip: string;
}

const fieldError = (field: string, message: string) =>
  new HttpError(422, 'validation_failed', message, { errors: { [field]: [message] } });
export const addressTaken = () => fieldError('email', 'This address already has an account');

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** The customer's people, one page (docs/admin.md: search, role, team and state filters). */
export async function peoplePage(db: Db, admin: CustomerAdmin, q: AdminUsersQuery): Promise<AdminUsersPage> {
  const page = q.page;
  const { rows, total } = await listPeople(db, admin.customerId, q);
  return {
    data: rows.map(presentPerson),
    meta: {
      pagination: {
        total,
        total_pages: Math.max(1, Math.ceil(total / ADMIN_USERS_PAGE)),
        current_page: page,
        per_page: ADMIN_USERS_PAGE,
      },
    },
  };
}

async function personOrNotFound(db: Db | Tx, admin: CustomerAdmin, id: number): Promise<PersonRow> {
  const p = await findPerson(db, admin.customerId, id);
  if (!p) throw notFound('User not found');
  return p;
}

/** Invites one person: the account (no password yet) in one transaction with its audit entry, then the mail job. */
export async function invitePerson(db: Db, jobs: Jobs, call: AdminCall, input: InviteUser): Promise<AdminUser> {
  const v = inviteUserSchema.parse(input);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${v.email}`, isNull(users.deletedAt)));
      if (taken) throw addressTaken();
      const [u] = await tx
        .insert(users)
        .values({
          customerId: call.admin.customerId,
          email: v.email,
          firstname: v.firstname,
          lastname: v.lastname,
          language: v.language,
          invitedAt: sql`now()`,
          ...roleFlags(v.role),
        })
        .returning({ id: users.id });
      await setRole(tx, u.id, v.role);
      await recordAudit(tx, {
        actorId: call.admin.userId,
        customerId: call.admin.customerId,
        action: 'user.invite',
        objectType: 'user',
        objectId: u.id,
        ip: call.ip,
        detail: { email: v.email, role: v.role, language: v.language },
      });
      return u.id;
    });
  } catch (err) {
    // two invitations of one address at once: the unique index decides, the loser is told like the check says
    if (isUniqueViolation(err)) throw addressTaken();
    throw err;
  }
  await jobs.enqueue<InviteMailJob>(INVITE_MAIL_JOB, { userIds: [id] });
  return presentPerson(await personOrNotFound(db, call.admin, id));
}

/** Re-sends the invitation of a person who has not accepted yet; the new link revokes the old one. */
export async function resendInvitation(db: Db, jobs: Jobs, call: AdminCall, id: number): Promise<AdminUser> {
  const p = await personOrNotFound(db, call.admin, id);
  if (p.state !== 'invited') {
    throw new HttpError(409, 'already_accepted', 'This person has already accepted their invitation');
  }
  await db.transaction(async (tx) => {
    // the open link stops working now, before the new one is mailed
    await tx
      .update(invitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(invitations.userId, id), isNull(invitations.usedAt), isNull(invitations.revokedAt)));
    await recordAudit(tx, {
      actorId: call.admin.userId,
      customerId: call.admin.customerId,
      action: 'user.reinvite',
      objectType: 'user',
      objectId: id,
      ip: call.ip,
      detail: { email: p.email },
    });
  });
  await jobs.enqueue<InviteMailJob>(INVITE_MAIL_JOB, { userIds: [id] });
  return presentPerson(await personOrNotFound(db, call.admin, id));
}

/**
 * Changes a person's role and/or state. Deactivating ends their sessions and live sockets at once in every process
 * (the revocation NOTIFY of accounts) and refuses their sign-ins until reactivated; an admin cannot lock themselves
 * out (demote or deactivate their own account).
 */
export async function updatePerson(db: Db, call: AdminCall, id: number, input: UpdateUser): Promise<AdminUser> {
  const before = await personOrNotFound(db, call.admin, id);
  if (id === call.admin.userId) {
    if (input.role !== undefined && input.role !== 'admin') {
      throw fieldError('role', 'You cannot take away your own admin role');
    }
    if (input.state !== undefined && input.state !== 'active') {
      throw fieldError('state', 'You cannot pause or deactivate your own account');
    }
  }
  if (before.state === 'invited' && input.state === 'paused') {
    throw fieldError('state', 'An invited person can be deactivated, not paused');
  }
  await db.transaction(async (tx) => {
    if (input.role !== undefined && input.role !== before.role) await setRole(tx, id, input.role);
    if (input.state !== undefined) {
      await tx
        .update(users)
        .set({
          isPaused: input.state === 'paused',
          deactivatedAt: input.state === 'deactivated' ? sql`coalesce(${users.deactivatedAt}, now())` : null,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id));
      if (input.state === 'deactivated') {
        await tx
          .update(invitations)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(invitations.userId, id), isNull(invitations.usedAt), isNull(invitations.revokedAt)));
      }
    }
    await recordAudit(tx, {
      actorId: call.admin.userId,
      customerId: call.admin.customerId,
      action: 'user.update',
      objectType: 'user',
      objectId: id,
      ip: call.ip,
      detail: {
        ...(input.role !== undefined ? { role: { from: before.role, to: input.role } } : {}),
        ...(input.state !== undefined ? { state: { from: before.state, to: input.state } } : {}),
      },
    });
  });
  if (input.state === 'deactivated') await revokeAllSessions(db, id);
  return presentPerson(await personOrNotFound(db, call.admin, id));
}

/**
 * Erases a person (GDPR): name, address, password, phone, birth date, picture, nationality, profile answers,
 * invitations and team memberships go; the row stays, anonymised, so their answers keep counting in trail and team
 * aggregates, shown as "Deleted user". Sessions and sockets end at once.
 */
export async function erasePerson(db: Db, call: AdminCall, id: number): Promise<void> {
  if (id === call.admin.userId) throw fieldError('id', 'You cannot erase your own account here');
  const before = await personOrNotFound(db, call.admin, id);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        deletedAt: sql`now()`,
        email: null,
        passwordHash: null,
        firstname: null,
        lastname: null,
        mobile: null,
        birth: null,
        avatarUrl: null,
        cover: null,
        nationalityId: null,
        isAdmin: false,
        invitedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
    await tx.delete(userFieldValues).where(eq(userFieldValues.userId, id));
    await tx.delete(invitations).where(eq(invitations.userId, id));
    const teams = tx
      .select({ id: discussions.id })
      .from(discussions)
      .where(and(eq(discussions.customerId, call.admin.customerId), eq(discussions.type, 'team')));
    await tx
      .delete(discussionParticipants)
      .where(and(eq(discussionParticipants.userId, id), inArray(discussionParticipants.discussionId, teams)));
    await recordAudit(tx, {
      actorId: call.admin.userId,
      customerId: call.admin.customerId,
      action: 'user.erase',
      objectType: 'user',
      objectId: id,
      ip: call.ip,
      // no personal data in the log of an erasure: the role and state it had, nothing else
      detail: { role: before.role, state: before.state },
    });
  });
  await revokeAllSessions(db, id);
}
