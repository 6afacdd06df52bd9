import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  /** coaches see who gave the answers of anonymous surveys (docs/player.md, migration 0026); off by default */
  coachesSeeAnonymous: boolean('coaches_see_anonymous').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A colour set's map: color0, color2 … each {r, g, b} (§3; the palette keys of customers.style.colors). */
export type ColourSetColors = Partial<
  Record<'color0' | 'color1' | 'color2' | 'color3', { r: number; g: number; b: number }>
>;

/** §3 colour set (id and colors map) behind themes.color_id; the customer's own (migration 0024). */
export const colourSets = pgTable(
  'colour_sets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    colors: jsonb().$type<ColourSetColors>().notNull(),
  },
  (t) => [index('colour_sets_customer').on(t.customerId)],
);

export const themes = pgTable('themes', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  colorId: integer('color_id')
    .notNull()
    .references(() => colourSets.id),
  backgroundLandscape: jsonb('background_landscape').$type<ThemeBackground>(),
  backgroundPortrait: jsonb('background_portrait').$type<ThemeBackground>(),
});
