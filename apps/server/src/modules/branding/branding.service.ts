import { type CustomerTheme, type CustomerThemeUpdate, hexOf } from '@cairn/shared';
import { isPublicRoleName } from '@cairn/shared/constants';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { CustomerStyle } from '../../db/schema';
import { colourSets, customers, roles, themes, userRoles, users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { forbidden } from '../../lib/http-error';
import { presentTheme } from '../reference/reference.presenter';
import { type BrandActor, canManageBrand } from './branding.policy';

async function brandActor(db: Db, actor: Actor): Promise<BrandActor & { customerId: number }> {
  const rows = await db
    .select({ isAdmin: users.isAdmin, role: roles.name })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(users.id, actor.userId));
  const subject: BrandActor = {
    customerId: actor.customerId,
    isAdmin: rows[0]?.isAdmin ?? false,
    isPublic: actor.trailId !== null || rows.some((r) => r.role !== null && isPublicRoleName(r.role)),
  };
  if (!canManageBrand(subject) || actor.customerId === null) {
    throw forbidden('Only an admin of the customer may change its brand');
  }
  return { ...subject, customerId: actor.customerId };
}

/**
 * The customer's current theme (its first theme, lowest id) with its colour set; when the customer has none, a
 * colour set holding its palette and a theme named after the company are created.
 */
async function currentTheme(db: Tx, customerId: number, company: string, style: CustomerStyle) {
  const [first] = await db
    .select({ theme: themes, set: colourSets })
    .from(themes)
    .innerJoin(colourSets, and(eq(colourSets.id, themes.colorId), eq(colourSets.customerId, themes.customerId)))
    .where(eq(themes.customerId, customerId))
    .orderBy(asc(themes.id))
    .limit(1);
  if (first) return first;
  const [set] = await db
    .insert(colourSets)
    .values({ customerId, colors: { ...style.colors } })
    .returning();
  const [theme] = await db
    .insert(themes)
    .values({ customerId, name: company, colorId: set.id, backgroundLandscape: null, backgroundPortrait: null })
    .returning();
  return { theme, set };
}

async function read(db: Db, customerId: number): Promise<CustomerTheme> {
  const [c] = await db.select().from(customers).where(eq(customers.id, customerId));
  const { theme, set } = await currentTheme(db, customerId, c.company, c.style);
  const all = await db.select().from(themes).where(eq(themes.customerId, customerId)).orderBy(asc(themes.id));
  const backgrounds = new Set<string>();
  for (const t of all) {
    if (t.backgroundLandscape) backgrounds.add(t.backgroundLandscape.url);
    if (t.backgroundPortrait) backgrounds.add(t.backgroundPortrait.url);
  }
  return { style: c.style, theme: presentTheme(theme, set), backgrounds: [...backgrounds] };
}

/** The brand page's data: the palette, the current theme and the backgrounds on offer (customer admins only). */
export async function getCustomerTheme(db: Db, actor: Actor): Promise<CustomerTheme> {
  const { customerId } = await brandActor(db, actor);
  return read(db, customerId);
}

/**
 * Saves the palette on the customer (attributes.color follows color0), in the current theme's colour set (its
 * color0 and color2; other keys kept) and the backgrounds of that theme, in one transaction. Every user of the
 * customer sees it on their next profile load.
 */
export async function saveCustomerTheme(db: Db, actor: Actor, input: CustomerThemeUpdate): Promise<CustomerTheme> {
  const { customerId } = await brandActor(db, actor);
  await db.transaction(async (tx) => {
    const style: CustomerStyle = {
      attributes: { color: hexOf(input.color0) },
      colors: { color0: input.color0, color2: input.color2 },
    };
    const [c] = await tx
      .update(customers)
      .set({ style })
      .where(eq(customers.id, customerId))
      .returning({ company: customers.company });
    const { theme, set } = await currentTheme(tx, customerId, c.company, style);
    await tx
      .update(colourSets)
      .set({ colors: { ...set.colors, color0: input.color0, color2: input.color2 } })
      .where(and(eq(colourSets.id, set.id), eq(colourSets.customerId, customerId)));
    await tx
      .update(themes)
      .set({ backgroundLandscape: input.backgroundLandscape, backgroundPortrait: input.backgroundPortrait })
      .where(eq(themes.id, theme.id));
  });
  return read(db, customerId);
}
