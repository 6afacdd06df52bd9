import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { trails } from './trails';
import { users } from './users';

/**
 * A trail's publication state as a customer admin manages it (migration 0018): a draft until `published_at`, hidden
 * from new assignments from `retired_at`. A trail without a row (imported by the CLI or the seed) is published. Kept
 * off the trail row, which is write-once content each process caches.
 */
export const trailLifecycle = pgTable('trail_lifecycle', {
  trailId: integer('trail_id')
    .primaryKey()
    .references(() => trails.id, { onDelete: 'cascade' }),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});
