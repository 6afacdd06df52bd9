import type { Vault } from '@cairn/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, vaults } from '../../db/schema';
import { type Actor, isPublicActor } from '../../lib/actor';
import { forbidden, notFound } from '../../lib/http-error';
import { can, type MediaAction } from './media.policy';
import { presentMedia } from './media.presenter';

type VaultRow = typeof vaults.$inferSelect;
export type CustomerActor = Actor & { customerId: number };

export const OWN_VAULT_NAME = 'My vault';

/** The actor's own root folder, created on first use (once, even under concurrent requests). */
export async function ensureOwnRoot(db: Db, actor: CustomerActor): Promise<VaultRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cairn-vault-root'), ${actor.userId})`);
    const [found] = await tx
      .select()
      .from(vaults)
      .where(and(eq(vaults.userId, actor.userId), isNull(vaults.parentId)))
      .limit(1);
    if (found) return found;
    const [created] = await tx
      .insert(vaults)
      .values({ customerId: actor.customerId, userId: actor.userId, name: OWN_VAULT_NAME, icon: 'folder' })
      .returning();
    return created;
  });
}

/** A folder the actor may read (or write); others' and other customers' folders are 404, a shared one they may not change 403. */
export async function accessibleVault(db: Db, actor: Actor, id: number, action: MediaAction): Promise<VaultRow> {
  const [v] = await db.select().from(vaults).where(eq(vaults.id, id));
  const resource = v && { customerId: v.customerId, ownerId: v.userId, shared: v.userId === null };
  if (!v || !can(actor, 'read', resource)) throw notFound('Vault not found');
  if (action !== 'read' && !can(actor, action, resource)) throw forbidden();
  return v;
}

export interface Page {
  page: number;
  perPage: number;
}

/** A folder with its sub-folders and one page of its files, newest first. */
export async function presentVault(db: Db, v: VaultRow, page: Page | null) {
  const folders = await db
    .select({ id: vaults.id, name: vaults.name, icon: vaults.icon })
    .from(vaults)
    .where(eq(vaults.parentId, v.id))
    .orderBy(vaults.name);
  const live = and(eq(media.vaultId, v.id), isNull(media.deletedAt));
  const [{ total }] = await db.select({ total: count() }).from(media).where(live);
  const files = page
    ? await db
        .select()
        .from(media)
        .where(live)
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(page.perPage)
        .offset((page.page - 1) * page.perPage)
    : [];
  const vault: Vault = {
    id: v.id,
    name: v.name,
    icon: v.icon,
    parent_id: v.parentId,
    shared: v.userId === null,
    folders,
    descendants: files.map(presentMedia),
  };
  return { vault, total };
}

/** The actor's own root and the customer's shared roots. */
export async function listRoots(db: Db, actor: CustomerActor) {
  const own = await ensureOwnRoot(db, actor);
  // public users see no shared vault (media.policy.ts)
  const shared = isPublicActor(actor)
    ? []
    : await db
        .select()
        .from(vaults)
        .where(and(eq(vaults.customerId, actor.customerId), isNull(vaults.userId), isNull(vaults.parentId)))
        .orderBy(vaults.id);
  const first = { page: 1, perPage: 100 };
  return Promise.all([own, ...shared].map(async (v) => (await presentVault(db, v, first)).vault));
}

/** A sub-folder of a folder the actor may write to; it takes the parent's owner (shared stays shared). */
export async function createFolder(
  db: Db,
  actor: CustomerActor,
  input: { name: string; parent_id?: number | null; icon?: string | null },
) {
  const parent = input.parent_id
    ? await accessibleVault(db, actor, input.parent_id, 'write')
    : await ensureOwnRoot(db, actor);
  const [created] = await db
    .insert(vaults)
    .values({
      customerId: actor.customerId,
      userId: parent.userId,
      parentId: parent.id,
      name: input.name,
      icon: input.icon ?? 'folder',
    })
    .returning();
  return (await presentVault(db, created, null)).vault;
}
