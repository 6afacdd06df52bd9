import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/** Minimal trail row; the trails feature extends it. */
export const trails = pgTable(
  'trails',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trails_customer_idx').on(t.customerId)],
);

/** A shared link that lets a visitor play one trail as a public user. */
export const publicLinks = pgTable('public_links', {
  id: text().primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  trailId: integer('trail_id')
    .notNull()
    .references(() => trails.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
