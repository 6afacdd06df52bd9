import { type CustomerTheme, type CustomerThemeUpdate, hexOf } from '@cairn/shared';
import { isPublicRoleName } from '@cairn/shared/constants';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customers, roles, themes, userRoles, users } from '../../db/schema';
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

/** The customer's current theme: its first theme (lowest id); one is created when the customer has none. */
async function currentTheme(db: Tx, customerId: number, company: string) {
  const [first] = await db
    .select()
    .from(themes)
    .where(eq(themes.customerId, customerId))
    .orderBy(asc(themes.id))
    .limit(1);
  if (first) return first;
  const [made] = await db
    .insert(themes)
    .values({ customerId, name: company, colorId: 1, backgroundLandscape: null, backgroundPortrait: null })
    .returning();
  return made;
}

async function read(db: Db, customerId: number): Promise<CustomerTheme> {
  const [c] = await db.select().from(customers).where(eq(customers.id, customerId));
  const theme = await currentTheme(db, customerId, c.company);
  const all = await db.select().from(themes).where(eq(themes.customerId, customerId)).orderBy(asc(themes.id));
  const backgrounds = new Set<string>();
  for (const t of all) {
    if (t.backgroundLandscape) backgrounds.add(t.backgroundLandscape.url);
    if (t.backgroundPortrait) backgrounds.add(t.backgroundPortrait.url);
  }
  return { style: c.style, theme: presentTheme(theme), backgrounds: [...backgrounds] };
}

/** The brand page's data: the palette, the current theme and the backgrounds on offer (customer admins only). */
export async function getCustomerTheme(db: Db, actor: Actor): Promise<CustomerTheme> {
  const { customerId } = await brandActor(db, actor);
  return read(db, customerId);
}

/**
 * Saves the palette on the customer (attributes.color follows color0) and the backgrounds of its current
 * theme. Every user of the customer sees it on their next profile load.
 */
export async function saveCustomerTheme(db: Db, actor: Actor, input: CustomerThemeUpdate): Promise<CustomerTheme> {
  const { customerId } = await brandActor(db, actor);
  await db.transaction(async (tx) => {
    const [c] = await tx
      .update(customers)
      .set({
        style: { attributes: { color: hexOf(input.color0) }, colors: { color0: input.color0, color2: input.color2 } },
      })
      .where(eq(customers.id, customerId))
      .returning({ company: customers.company });
    const theme = await currentTheme(tx, customerId, c.company);
    await tx
      .update(themes)
      .set({ backgroundLandscape: input.backgroundLandscape, backgroundPortrait: input.backgroundPortrait })
      .where(eq(themes.id, theme.id));
  });
  return read(db, customerId);
}
