import { boolean, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { users } from './users';

export const countries = pgTable('countries', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  code: text().notNull().unique(),
});

export const profileFields = pgTable(
  'profile_fields',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    label: text().notNull(),
    type: text().$type<'text' | 'select' | 'date'>().notNull(),
    options: jsonb().$type<string[]>().notNull().default([]),
    edit: boolean().notNull().default(true),
    position: integer().notNull().default(0),
  },
  (t) => [unique('profile_fields_customer_name').on(t.customerId, t.name)],
);

export const userFieldValues = pgTable(
  'user_field_values',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => profileFields.id, { onDelete: 'cascade' }),
    value: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fieldId] })],
);
