import { randomBytes } from 'node:crypto';
import type { AdminTrail, AssignInput, PackageUpload, TrailState } from '@cairn/shared';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  discussionParticipants,
  discussions,
  publicLinks,
  trailAssignments,
  trailLifecycle,
  trails,
  users,
} from '../../db/schema';
import { HttpError, notFound, validationError } from '../../lib/http-error';
import { recordAudit } from '../admin';
import { checkPackage, importPackage } from '../content/content.import';
import { emitToManyOnCommit } from '../notifications/notifications.service';
import type { ReceivedPackage } from './package.upload';
import { type AdminCall, customerMembers } from './teams.service';

type TrailListRow = {
  id: number;
  name: string;
  type: string;
  created_at: string | Date;
  managed: boolean;
  published_at: string | Date | null;
  retired_at: string | Date | null;
  pebbles: number | string;
  assigned: number | string;
  links: { id: string; created_at: string }[];
};

const stateOf = (r: Pick<TrailListRow, 'managed' | 'published_at' | 'retired_at'>): TrailState =>
  r.retired_at ? 'retired' : r.managed && !r.published_at ? 'draft' : 'published';
const iso = (d: string | Date) => new Date(d).toISOString();
export const publicUrl = (id: string) => `/public/${id}`;
const stateRefused = (message: string) => new HttpError(409, 'trail_state', message);

/** The customer's trails, newest first, with their state, pebble and assignment counts and public links: one query. */
export async function listAdminTrails(db: Db | Tx, customerId: number, trailId?: number): Promise<AdminTrail[]> {
  const rows = await db.execute<TrailListRow>(sql`
    select t.id, t.name, t.type, t.created_at, (l.trail_id is not null) as managed, l.published_at, l.retired_at,
      (select count(*) from pebbles p where p.trail_id = t.id) as pebbles,
      -- a draft's only assignments are previews (its admins playing it), which are no assignments
      case when l.trail_id is not null and l.published_at is null then 0 else
        (select count(*) from ${trailAssignments} a join ${users} u on u.id = a.user_id
          where a.trail_id = t.id and u.deleted_at is null) end as assigned,
      coalesce((select json_agg(json_build_object('id', pl.id, 'created_at', pl.created_at) order by pl.created_at, pl.id)
        from ${publicLinks} pl where pl.trail_id = t.id), '[]'::json) as links
    from ${trails} t left join ${trailLifecycle} l on l.trail_id = t.id
    where t.customer_id = ${customerId} ${trailId === undefined ? sql`` : sql`and t.id = ${trailId}`}
    order by t.id desc`);
  return rows.rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    created_at: iso(r.created_at),
    state: stateOf(r),
    pebbles: Number(r.pebbles),
    assigned: Number(r.assigned),
    links: r.links.map((l) => ({ id: l.id, url: publicUrl(l.id), created_at: iso(l.created_at) })),
  }));
}

/** One trail of the admin's customer (404 for another customer's), with its state. */
export async function adminTrail(db: Db | Tx, customerId: number, id: number): Promise<AdminTrail> {
  const [t] = await listAdminTrails(db, customerId, id);
  if (!t) throw notFound('Trail not found');
  return t;
}

/**
 * Checks a package (dry run) or imports it as a draft: the import, its draft state and the audit entry in one
 * transaction. A refused package throws ContentError and imports nothing.
 */
export async function uploadPackage(
  db: Db,
  filesDir: string,
  call: AdminCall,
  received: ReceivedPackage,
  dryRun: boolean,
): Promise<PackageUpload> {
  const { customerId, userId } = call.admin;
  const opts = { baseDir: received.baseDir, filesDir, customerId };
  const pkg = await checkPackage(db, received.text, opts);
  const summary = { name: pkg.name, type: pkg.type, pebbles: pkg.pebbles.length };
  if (dryRun) return { id: null, ...summary };
  const id = await db.transaction(async (tx) => {
    const trailId = await importPackage(tx, received.text, opts);
    await tx.insert(trailLifecycle).values({ trailId, uploadedBy: userId, publishedAt: null });
    await recordAudit(tx, {
      actorId: userId,
      customerId,
      action: 'trail.upload',
      objectType: 'trail',
      objectId: trailId,
      ip: call.ip,
      detail: summary,
    });
    return trailId;
  });
  return { id, ...summary };
}

/** Everything people did on the trail: answers, states, attempts, rewards, certificates, PDFs, assignments. */
async function discardPlays(tx: Tx, trailId: number, userId?: number) {
  const who = userId === undefined ? sql`` : sql` and user_id = ${userId}`;
  for (const table of [
    'mineral_answers',
    'pebble_states',
    'trail_progress',
    'result_pdfs',
    'user_rewards',
    'user_certificates',
    'trail_assignments',
    'trail_scores',
  ])
    await tx.execute(sql`delete from ${sql.identifier(table)} where trail_id = ${trailId}${who}`);
}

/**
 * The admin plays the draft as themselves (docs/admin.md): their earlier preview is discarded and the draft is
 * assigned to them without dates; publishing discards every preview.
 */
export async function startPreview(db: Db, call: AdminCall, id: number): Promise<{ trail_id: number }> {
  const { customerId, userId } = call.admin;
  const t = await adminTrail(db, customerId, id);
  if (t.state !== 'draft') throw stateRefused('Only a draft is previewed; a published trail is played once assigned');
  await db.transaction(async (tx) => {
    await discardPlays(tx, id, userId);
    await tx.insert(trailAssignments).values({ trailId: id, userId });
    await recordAudit(tx, {
      actorId: userId,
      customerId,
      action: 'trail.preview',
      objectType: 'trail',
      objectId: id,
      ip: call.ip,
    });
  });
  return { trail_id: id };
}

/** Publishes a draft: previews are discarded (their answers, their assignments) in the same transaction. */
export async function publishTrail(db: Db, call: AdminCall, id: number): Promise<AdminTrail> {
  const { customerId, userId } = call.admin;
  return db.transaction(async (tx) => {
    const t = await adminTrail(tx, customerId, id);
    if (t.state !== 'draft') throw stateRefused(`The trail is ${t.state} already`);
    const previewers = await tx
      .select({ id: trailAssignments.userId })
      .from(trailAssignments)
      .where(eq(trailAssignments.trailId, id));
    await discardPlays(tx, id);
    await tx.update(trailLifecycle).set({ publishedAt: new Date() }).where(eq(trailLifecycle.trailId, id));
    await emitToManyOnCommit(
      tx,
      previewers.map((p) => p.id),
      'COUNTERS',
      {},
    );
    await recordAudit(tx, {
      actorId: userId,
      customerId,
      action: 'trail.publish',
      objectType: 'trail',
      objectId: id,
      ip: call.ip,
    });
    return adminTrail(tx, customerId, id);
  });
}

/** Retires a trail: no new assignments or links; who has it keeps it, and every result stays. */
export async function retireTrail(db: Db, call: AdminCall, id: number): Promise<AdminTrail> {
  const { customerId, userId } = call.admin;
  return db.transaction(async (tx) => {
    const t = await adminTrail(tx, customerId, id);
    if (t.state === 'retired') throw stateRefused('The trail is retired already');
    const now = new Date();
    await tx
      .insert(trailLifecycle)
      .values({ trailId: id, publishedAt: t.state === 'draft' ? null : new Date(t.created_at), retiredAt: now })
      .onConflictDoUpdate({ target: trailLifecycle.trailId, set: { retiredAt: now } });
    await recordAudit(tx, {
      actorId: userId,
      customerId,
      action: 'trail.retire',
      objectType: 'trail',
      objectId: id,
      ip: call.ip,
    });
    return adminTrail(tx, customerId, id);
  });
}

/** The people an assignment names: listed people, the members of listed teams, or everyone of the customer. */
async function targetsOf(
  db: Db | Tx,
  customerId: number,
  body: { user_ids?: number[]; team_ids?: number[]; everyone?: boolean },
) {
  const people = new Set(await customerMembers(db, customerId, body.user_ids ?? [], 'user_ids'));
  const teamIds = [...new Set(body.team_ids ?? [])];
  if (teamIds.length > 0) {
    const teams = await db
      .select({ id: discussions.id })
      .from(discussions)
      .where(
        and(eq(discussions.customerId, customerId), eq(discussions.type, 'team'), inArray(discussions.id, teamIds)),
      );
    if (teams.length !== teamIds.length) throw validationError({ team_ids: { rule: 'oneOf', params: {} } });
    const members = await db
      .select({ id: users.id })
      .from(discussionParticipants)
      .innerJoin(users, eq(users.id, discussionParticipants.userId))
      .where(and(inArray(discussionParticipants.discussionId, teamIds), isNull(users.deletedAt)));
    for (const m of members) people.add(m.id);
  }
  if (body.everyone) {
    const all = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.customerId, customerId), isNull(users.deletedAt), isNotNull(users.email)));
    for (const u of all) people.add(u.id);
  }
  if (people.size === 0 && !body.everyone && teamIds.length === 0)
    throw validationError({ user_ids: { rule: 'required', params: {} } });
  return [...people];
}

const realDay = (d: string) =>
  !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/**
 * Assigns a published trail to people, teams (their members now) or everyone, with its start and due days (the
 * existing rules and notices: docs/battles.md); an existing assignment takes the new days. One transaction; the
 * assignees' Home refreshes live (COUNTERS).
 */
export async function assignTrail(db: Db, call: AdminCall, id: number, body: AssignInput): Promise<{ people: number }> {
  const { customerId, userId } = call.admin;
  const t = await adminTrail(db, customerId, id);
  if (t.state !== 'published')
    throw stateRefused(
      t.state === 'draft' ? 'Publish the trail before assigning it' : 'A retired trail takes no new assignments',
    );
  const startsOn = body.starts_on ?? null;
  const dueOn = body.due_on ?? null;
  if (startsOn && !realDay(startsOn)) throw validationError({ starts_on: { rule: 'date', params: {} } });
  if (dueOn && !realDay(dueOn)) throw validationError({ due_on: { rule: 'date', params: {} } });
  if (startsOn && dueOn && dueOn < startsOn)
    throw validationError({ due_on: { rule: 'min_value', params: { min: startsOn } } });
  const people = await targetsOf(db, customerId, body);
  await db.transaction(async (tx) => {
    if (people.length > 0)
      await tx
        .insert(trailAssignments)
        .values(people.map((u) => ({ trailId: id, userId: u, startsOn, dueOn })))
        .onConflictDoUpdate({ target: [trailAssignments.trailId, trailAssignments.userId], set: { startsOn, dueOn } });
    await emitToManyOnCommit(tx, people, 'COUNTERS', {});
    await recordAudit(tx, {
      actorId: userId,
      customerId,
      action: 'trail.assign',
      objectType: 'trail',
      objectId: id,
      ip: call.ip,
      detail: {
        people: people.length,
        user_ids: body.user_ids ?? [],
        team_ids: body.team_ids ?? [],
        everyone: body.everyone ?? false,
        starts_on: startsOn,
        due_on: dueOn,
      },
    });
  });
  return { people: people.length };
}

/** Takes the trail away from people, teams' members or everyone; their answers and results stay. */
export async function unassignTrail(
  db: Db,
  call: AdminCall,
  id: number,
  body: AssignInput,
): Promise<{ people: number }> {
  const { customerId, userId } = call.admin;
  await adminTrail(db, customerId, id);
  const people = await targetsOf(db, customerId, body);
  return db.transaction(async (tx) => {
    const gone = people.length
      ? await tx
          .delete(trailAssignments)
          .where(and(eq(trailAssignments.trailId, id), inArray(trailAssignments.userId, people)))
          .returning({ userId: trailAssignments.userId })
      : [];
    await emitToManyOnCommit(
      tx,
      gone.map((g) => g.userId),
      'COUNTERS',
      {},
    );
    await recordAudit(tx, {
      actorId: userId,
      customerId,
      action: 'trail.unassign',
      objectType: 'trail',
      objectId: id,
      ip: call.ip,
      detail: {
        people: gone.length,
        user_ids: body.user_ids ?? [],
        team_ids: body.team_ids ?? [],
        everyone: body.everyone ?? false,
      },
    });
    return { people: gone.length };
  });
}

/** A new public link (/public/{id}) to a published trail. */
export async function createLink(db: Db, call: AdminCall, id: number) {
  const { customerId, userId } = call.admin;
  const t = await adminTrail(db, customerId, id);
  if (t.state !== 'published') throw stateRefused('Only a published trail is shared');
  return db.transaction(async (tx) => {
    const [link] = await tx
      .insert(publicLinks)
      .values({ id: randomBytes(12).toString('base64url'), customerId, trailId: id })
      .returning();
    await recordAudit(tx, {
      actorId: userId,
      customerId,
      action: 'trail.link.create',
      objectType: 'trail',
      objectId: id,
      ip: call.ip,
      detail: { link: link.id },
    });
    return { id: link.id, url: publicUrl(link.id), created_at: link.createdAt.toISOString() };
  });
}

/** Revokes a public link: it no longer lets anyone in. */
export async function revokeLink(db: Db, call: AdminCall, id: number, linkId: string): Promise<void> {
  const { customerId, userId } = call.admin;
  await adminTrail(db, customerId, id);
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(publicLinks)
      .where(and(eq(publicLinks.id, linkId), eq(publicLinks.trailId, id), eq(publicLinks.customerId, customerId)))
      .returning({ id: publicLinks.id });
    if (gone.length === 0) throw notFound('Link not found');
    await recordAudit(tx, {
      actorId: userId,
      customerId,
      action: 'trail.link.revoke',
      objectType: 'trail',
      objectId: id,
      ip: call.ip,
      detail: { link: linkId },
    });
  });
}
