import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/password';
import { LocalStorage, type Storage } from '../../storage';
import type { Db } from '../client';
import {
  colourSets,
  countries,
  customers,
  profileFields,
  publicLinks,
  roles,
  themes,
  trails,
  userRoles,
  users,
} from '../schema';
import { seedDemoChats } from './demo-chats';
import {
  ACME_STYLE,
  ACME_THEMES,
  COACH_FIELDS,
  COUNTRIES,
  DEMO_PUBLIC_LINK,
  DEMO_USERS,
  GLOBEX_FIELDS,
  GLOBEX_STYLE,
  GLOBEX_THEMES,
  PROFILE_FIELDS,
  ROLES,
} from './demo-data';
import { seedDemoTrails } from './demo-trails';

const ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets');

/** Copies the shipped demo images into storage (idempotent; files may be removed by hand). */
export async function installDemoFiles(files: string | Storage): Promise<void> {
  const storage = typeof files === 'string' ? new LocalStorage(files) : files;
  const copies: [string, string][] = [
    ['acme-logo.svg', 'customers/acme/logo.svg'],
    ['acme-landscape.jpg', 'customers/acme/landscape.jpg'],
    ['acme-portrait.jpg', 'customers/acme/portrait.jpg'],
    ['globex-logo.svg', 'customers/globex/logo.svg'],
    ['globex-landscape.jpg', 'customers/globex/landscape.jpg'],
    ['globex-portrait.jpg', 'customers/globex/portrait.jpg'],
  ];
  for (const [from, to] of copies) {
    const src = path.join(ASSETS, from);
    if ((await storage.size(to)) === (await fs.stat(src)).size) continue;
    await storage.put(to, createReadStream(src));
  }
}

/** Inserts the demo customers, users, trail and reference data once; returns false when already there. */
export async function seedDemoData(db: Db, filesDir: string, storage?: Storage): Promise<boolean> {
  await installDemoFiles(storage ?? filesDir);
  const [already] = await db.select({ id: customers.id }).from(customers).limit(1);
  if (already) return false;

  await db.transaction(async (tx) => {
    const roleRows = await tx
      .insert(roles)
      .values([...ROLES])
      .returning();
    const roleId = (name: string) => roleRows.find((r) => r.name === name)!.id;
    const countryRows = await tx.insert(countries).values(COUNTRIES).returning();

    const [acme] = await tx
      .insert(customers)
      .values({ company: 'Acme Learning', logoPath: 'customers/acme/logo.svg', style: ACME_STYLE })
      .returning();
    const [globex] = await tx
      .insert(customers)
      .values({ company: 'Globex', logoPath: 'customers/globex/logo.svg', style: GLOBEX_STYLE })
      .returning();

    // each theme with a colour set of its own holding its customer's palette (§3, migration 0024)
    for (const [customer, list] of [
      [acme, ACME_THEMES],
      [globex, GLOBEX_THEMES],
    ] as const) {
      for (const t of list) {
        const [set] = await tx
          .insert(colourSets)
          .values({ customerId: customer.id, colors: { ...customer.style.colors } })
          .returning();
        await tx.insert(themes).values({ ...t, customerId: customer.id, colorId: set.id });
      }
    }
    await tx
      .insert(profileFields)
      .values([
        ...[...PROFILE_FIELDS, ...COACH_FIELDS].map((f, i) => ({ ...f, customerId: acme.id, position: i })),
        ...[...PROFILE_FIELDS, ...GLOBEX_FIELDS].map((f, i) => ({ ...f, customerId: globex.id, position: i })),
      ]);

    const [trail] = await tx
      .insert(trails)
      .values({ customerId: acme.id, name: 'Demo exam', type: 'exam' })
      .returning();
    await tx.insert(publicLinks).values({ id: DEMO_PUBLIC_LINK, customerId: acme.id, trailId: trail.id });

    const people = [
      { ...DEMO_USERS.learner, firstname: 'Lena', lastname: 'Learner', customerId: acme.id, role: 'learner' },
      { ...DEMO_USERS.rival, firstname: 'Rico', lastname: 'Rival', customerId: acme.id, role: 'learner', logins: 3 },
      {
        ...DEMO_USERS.coach,
        firstname: 'Cora',
        lastname: 'Coach',
        customerId: acme.id,
        role: 'coach',
        isCoach: true,
        isAdmin: true,
      },
      { ...DEMO_USERS.other, firstname: 'Otto', lastname: 'Other', customerId: globex.id, role: 'learner', logins: 1 },
    ];
    const germany = countryRows.find((c) => c.code === 'DE')!;
    const ids = new Map<string, number>();
    for (const p of people) {
      const { password, role, ...rest } = p;
      const [u] = await tx
        .insert(users)
        .values({
          ...rest,
          passwordHash: await hashPassword(password),
          nationalityId: p.email === DEMO_USERS.rival.email ? germany.id : null,
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values({ userId: u.id, roleId: roleId(role) });
      ids.set(p.email, u.id);
    }
    await seedDemoTrails(tx, { filesDir, storage, customerId: acme.id, publicTrailId: trail.id });
    await seedDemoChats(tx, acme.id, {
      learner: ids.get(DEMO_USERS.learner.email)!,
      rival: ids.get(DEMO_USERS.rival.email)!,
      coach: ids.get(DEMO_USERS.coach.email)!,
    });
  });
  return true;
}

/** Looks up a demo user's id by email (tests and scripts). */
export async function demoUserId(db: Db, email: string): Promise<number> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!u) throw new Error(`demo user ${email} missing`);
  return u.id;
}
