import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { users } from './users';

export type MediaKind = 'image' | 'audio' | 'video' | 'file';

/**
 * Vault folders. A null user_id means the folder is shared with the whole customer;
 * otherwise it belongs to that user (their own vault root has parent_id null).
 */
export const vaults = pgTable(
  'vaults',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => vaults.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    icon: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vaults_customer_idx').on(t.customerId),
    index('vaults_parent_idx').on(t.parentId),
    // the profile's my_vault: the user's own root folder
    index('vaults_user_idx').on(t.userId),
  ],
);

/** An uploaded file. kind and mimetype come from the file's bytes, never from its name. */
export const media = pgTable(
  'media',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the folder it was uploaded into; null for answer uploads outside the vault */
    vaultId: integer('vault_id').references(() => vaults.id, { onDelete: 'set null' }),
    title: text().notNull(),
    kind: text().$type<MediaKind>().notNull(),
    mimetype: text().notNull(),
    size: integer().notNull(),
    /** server-generated, random; never built from user input */
    storageKey: text('storage_key').notNull().unique(),
    width: integer(),
    height: integer(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('media_owner_idx').on(t.userId),
    index('media_vault_idx').on(t.vaultId),
    // the storage quotas sum the live files of a customer and of a user (media/quota.service.ts)
    index('media_customer_live_idx').on(t.customerId, t.userId).where(sql`${t.deletedAt} is null`),
  ],
);

/** Links a media file to a model, e.g. relation 'avatar', model 'user', model_id = the user. */
export const vaultRelations = pgTable(
  'vault_relations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    relation: text().notNull(),
    model: text().notNull(),
    modelId: integer('model_id').notNull(),
    position: integer().notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vault_relations_unique').on(t.model, t.modelId, t.relation, t.mediaId),
    index('vault_relations_media_idx').on(t.mediaId),
  ],
);
