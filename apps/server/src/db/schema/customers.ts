import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export interface CustomerStyle {
  attributes: { color: string };
  colors: { color0: { r: number; g: number; b: number }; color2: { r: number; g: number; b: number } };
}

export interface ThemeBackground {
  url: string;
  brightness: { r: number; g: number; b: number; a: number };
}

export const customers = pgTable('customers', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  company: text().notNull(),
  /** path under DATA_DIR/files, served at /files/{logo_path} */
  logoPath: text('logo_path'),
  style: jsonb().$type<CustomerStyle>().notNull(),
  /** e-mail domains whose first SSO sign-in creates an account (just-in-time; empty: off) */
  ssoDomains: text('sso_domains').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const themes = pgTable('themes', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  colorId: integer('color_id').notNull(),
  backgroundLandscape: jsonb('background_landscape').$type<ThemeBackground>(),
  backgroundPortrait: jsonb('background_portrait').$type<ThemeBackground>(),
});
