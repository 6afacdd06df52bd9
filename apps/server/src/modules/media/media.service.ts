import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { media, users, vaultRelations, vaults } from '../../db/schema';
import { type Actor, isPublicActor } from '../../lib/actor';
import { fileUrl } from '../../lib/file-urls';
import { forbidden, notFound } from '../../lib/http-error';
import type { Storage } from '../../storage/storage';
import { can, type MediaAction } from './media.policy';
import { extOf, type MediaRow } from './media.presenter';
import { type PendingUpload, randomId } from './upload.service';

/** Live media rows with whether their folder is customer-shared, for a set of ids in one query. */
async function loadMany(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ m: media, vaultOwner: vaults.userId, vaultId: vaults.id })
    .from(media)
    .leftJoin(vaults, eq(vaults.id, media.vaultId))
    .where(and(inArray(media.id, ids), isNull(media.deletedAt)));
}

/**
 * The media the actor may act on, in the order asked. Another customer's or another user's private
 * file is reported as missing (404), so ids reveal nothing; a readable file the actor may not change is 403.
 */
export async function accessibleMedia(db: Db, actor: Actor, ids: number[], action: MediaAction): Promise<MediaRow[]> {
  const rows = await loadMany(db, ids);
  const byId = new Map(rows.map((r) => [r.m.id, r]));
  return ids.map((id) => {
    const r = byId.get(id);
    if (!r) throw notFound('Media not found');
    const resource = {
      customerId: r.m.customerId,
      ownerId: r.m.userId,
      shared: r.vaultId !== null && r.vaultOwner === null,
    };
    if (!can(actor, 'read', resource)) throw notFound('Media not found');
    if (action !== 'read' && !can(actor, action, resource)) throw forbidden();
    return r.m;
  });
}

/** Moves verified uploads to their final keys and records them; on failure nothing stays behind. */
export async function commitUploads(
  db: Db,
  storage: Storage,
  actor: Actor & { customerId: number },
  uploads: PendingUpload[],
  vaultId: number | null,
): Promise<MediaRow[]> {
  const placed: string[] = [];
  try {
    const values = [];
    for (const u of uploads) {
      const storageKey = `media/${actor.customerId}/${randomId()}.${u.type.ext}`;
      await storage.move(u.uploadKey, storageKey);
      placed.push(storageKey);
      values.push({
        customerId: actor.customerId,
        userId: actor.userId,
        vaultId,
        title: u.title,
        kind: u.type.kind,
        mimetype: u.type.mimetype,
        size: u.size,
        storageKey,
        width: u.width,
        height: u.height,
      });
    }
    return values.length ? await db.insert(media).values(values).returning() : [];
  } catch (err) {
    await Promise.all([...placed, ...uploads.map((u) => u.uploadKey)].map((k) => storage.delete(k)));
    throw err;
  }
}

/** With an S3 store, the resized copies of a stored file are kept there too, under one prefix (image.service.ts). */
export function variantPrefixOf(storageKey: string): string {
  const h = createHash('sha256').update(storageKey).digest('hex');
  return `variants/${h.slice(0, 2)}/${h}/`;
}

/** The resized copies of a stored file live in one directory, so deleting the file can drop them all. */
export function imageCacheDirOf(cacheRoot: string, storageKey: string): string {
  const h = createHash('sha256').update(storageKey).digest('hex');
  return path.join(cacheRoot, h.slice(0, 2), h);
}

/** Soft-deletes the row and removes the stored file, its resized copies and any avatar link to it. */
export async function deleteMedia(db: Db, storage: Storage, cacheRoot: string, actor: Actor, id: number) {
  const [m] = await accessibleMedia(db, actor, [id], 'write');
  await db.transaction(async (tx) => {
    await tx.update(media).set({ deletedAt: new Date() }).where(eq(media.id, m.id));
    await tx.delete(vaultRelations).where(eq(vaultRelations.mediaId, m.id));
    await tx
      .update(users)
      .set({ avatarUrl: null })
      .where(eq(users.avatarUrl, fileUrl(m.storageKey)));
  });
  await storage.delete(m.storageKey);
  await fs.rm(imageCacheDirOf(cacheRoot, m.storageKey), { recursive: true, force: true });
  if (storage.kind === 's3') {
    for await (const v of storage.list(variantPrefixOf(m.storageKey))) await storage.delete(v.key);
  }
}

/** The user's avatar list of the profile: [{id, url}] of the linked images (the first one shows). */
export async function avatarsOf(db: Db, userId: number): Promise<{ id: number; url: string }[]> {
  const rows = await db
    .select({ id: media.id, key: media.storageKey })
    .from(vaultRelations)
    .innerJoin(media, eq(media.id, vaultRelations.mediaId))
    .where(
      and(
        eq(vaultRelations.model, 'user'),
        eq(vaultRelations.modelId, userId),
        eq(vaultRelations.relation, 'avatar'),
        isNull(media.deletedAt),
      ),
    )
    .orderBy(asc(vaultRelations.position));
  return rows.map((r) => ({ id: r.id, url: fileUrl(r.key) }));
}

/** Sets the actor's avatar to the given images (replacing the previous ones); only for themself. */
export async function attachAvatar(db: Db, actor: Actor, mediaIds: number[], modelId: number) {
  if (modelId !== actor.userId || isPublicActor(actor)) throw forbidden();
  const rows = await accessibleMedia(db, actor, mediaIds, 'read');
  if (rows.some((r) => r.kind !== 'image')) throw forbidden('Only images can be an avatar');
  await db.transaction(async (tx) => {
    const mine = and(
      eq(vaultRelations.model, 'user'),
      eq(vaultRelations.modelId, actor.userId),
      eq(vaultRelations.relation, 'avatar'),
    );
    await tx.delete(vaultRelations).where(mine);
    await tx.insert(vaultRelations).values(
      rows.map((r, position) => ({
        mediaId: r.id,
        relation: 'avatar',
        model: 'user',
        modelId: actor.userId,
        position,
      })),
    );
    // the column keeps the current avatar at hand for lists that show many users
    await tx
      .update(users)
      .set({ avatarUrl: fileUrl(rows[0].storageKey), updatedAt: new Date() })
      .where(eq(users.id, actor.userId));
  });
  return avatarsOf(db, actor.userId);
}

/** `title.ext`, as the file is saved on download. */
export function downloadName(m: MediaRow): string {
  return `${m.title}.${extOf(m.storageKey)}`;
}
