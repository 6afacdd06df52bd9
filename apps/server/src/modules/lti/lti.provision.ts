import { isSupportedLocale, type LocaleCode } from '@cairn/shared/locales';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  ltiGradeTargets,
  ltiResourceLinks,
  ltiUsers,
  roles,
  trailAssignments,
  trails,
  userRoles,
  users,
} from '../../db/schema';
import { CLAIM, isInstructor, SCOPE, TRAIL_PARAM } from './lti.claims';
import { LtiError } from './lti.errors';
import type { VerifiedLaunch } from './lti.launch';

const text = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null;

/** An LTI locale claim (en-US, de, zh-Hant-TW, zh-CN …) as one of the 15 interface languages; English otherwise. */
export function languageOf(locale: unknown): LocaleCode {
  if (typeof locale !== 'string' || locale.length > 35) return 'en';
  const parts = locale.replaceAll('_', '-').toLowerCase().split('-');
  const lang = parts[0];
  if (lang === 'zh') {
    if (parts.includes('hk')) return 'zh_HK';
    if (parts.includes('tw') || parts.includes('hant')) return 'zh_TW';
    return 'zh_CN';
  }
  if (lang === 'fil') return 'tl';
  return isSupportedLocale(lang) ? lang : 'en';
}

/** Who a platform says a user is: from a launch's claims or an NRPS member. */
export interface PlatformPerson {
  sub: string;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  email?: unknown;
  locale?: unknown;
  roles: unknown;
}

/**
 * The platform's user: the account linked to their `sub`, or a new one in the platform's customer (just in time:
 * name, e-mail and language from the platform; an address another live account uses is left off). An Instructor
 * becomes a coach (also when a learner account is launched as one later). Runs inside the caller's transaction: a
 * refusal after it leaves no half-made account.
 */
export async function provisionPerson(
  tx: Tx,
  platform: { id: number; customerId: number },
  person: PlatformPerson,
): Promise<{ userId: number; coach: boolean; created: boolean }> {
  const { sub } = person;
  const coach = isInstructor(person.roles);
  const [linked] = await tx
    .select({ userId: ltiUsers.userId })
    .from(ltiUsers)
    .innerJoin(users, eq(users.id, ltiUsers.userId))
    .where(and(eq(ltiUsers.platformId, platform.id), eq(ltiUsers.sub, sub), isNull(users.deletedAt)));
  const roleRows = await tx
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(sql`${roles.name} in ('learner', 'coach')`);
  const roleId = (n: string) => {
    const id = roleRows.find((r) => r.name === n)?.id;
    if (!id) throw new Error(`the ${n} role is missing`);
    return id;
  };
  if (linked) {
    if (coach) {
      await tx.update(users).set({ isCoach: true }).where(eq(users.id, linked.userId));
      await tx
        .insert(userRoles)
        .values({ userId: linked.userId, roleId: roleId('coach') })
        .onConflictDoNothing();
    }
    return { userId: linked.userId, coach, created: false };
  }
  let email = text(person.email, 255);
  if (email && !email.includes('@')) email = null;
  if (email) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
    if (taken) email = null;
  }
  const name = text(person.name, 200);
  const [u] = await tx
    .insert(users)
    .values({
      customerId: platform.customerId,
      email,
      firstname: text(person.given_name, 100) ?? name?.split(' ')[0] ?? null,
      lastname: text(person.family_name, 100) ?? (name?.includes(' ') ? name.slice(name.indexOf(' ') + 1) : null),
      language: languageOf(person.locale),
      isCoach: coach,
      termsAcceptedAt: sql`now()`,
    })
    .returning({ id: users.id });
  await tx.insert(userRoles).values({ userId: u.id, roleId: roleId(coach ? 'coach' : 'learner') });
  await tx.insert(ltiUsers).values({ platformId: platform.id, sub, userId: u.id });
  return { userId: u.id, coach, created: true };
}

/** The launched user (provisionPerson with the launch's claims). */
export function provisionUser(tx: Tx, launch: VerifiedLaunch) {
  const { claims } = launch;
  return provisionPerson(tx, launch.platform, { ...claims, sub: launch.sub, roles: claims[CLAIM.roles] });
}

/** The trail a resource link opens: its custom parameter (set by deep linking), else the link as stored before. */
export async function trailOfLink(tx: Tx, launch: VerifiedLaunch): Promise<number> {
  const { platform, claims } = launch;
  const custom = claims[CLAIM.custom] as Record<string, unknown> | undefined;
  const link = claims[CLAIM.resourceLink] as { id?: unknown } | undefined;
  const linkId = text(link?.id, 255);
  if (!linkId) throw new LtiError('claims', 'The launch has no resource link id');
  let trailId = Number(custom?.[TRAIL_PARAM]);
  if (!Number.isSafeInteger(trailId) || trailId <= 0) {
    const [known] = await tx
      .select({ trailId: ltiResourceLinks.trailId })
      .from(ltiResourceLinks)
      .where(and(eq(ltiResourceLinks.platformId, platform.id), eq(ltiResourceLinks.resourceLinkId, linkId)));
    trailId = known?.trailId ?? 0;
  }
  const [t] =
    trailId > 0 && trailId <= 2_147_483_647
      ? await tx
          .select({ id: trails.id })
          .from(trails)
          .where(and(eq(trails.id, trailId), eq(trails.customerId, platform.customerId)))
      : [];
  if (!t) throw new LtiError('no_trail', "This link names no trail of the platform's customer");
  return t.id;
}

/**
 * Records the resource link (its trail, line item and memberships URL) and, for a learner of a graded link, that
 * their completions of the trail are posted to its line item; assigns the trail so the player opens it.
 */
export async function recordLink(tx: Tx, launch: VerifiedLaunch, trailId: number, userId: number, coach: boolean) {
  const { platform, claims, deploymentId, sub } = launch;
  const linkId = text((claims[CLAIM.resourceLink] as { id?: unknown }).id, 255)!;
  const ags = claims[CLAIM.ags] as { lineitem?: unknown; scope?: unknown } | undefined;
  const nrps = claims[CLAIM.nrps] as { context_memberships_url?: unknown } | undefined;
  const context = claims[CLAIM.context] as { id?: unknown } | undefined;
  const scope = Array.isArray(ags?.scope)
    ? ags.scope.filter((s): s is string => typeof s === 'string').slice(0, 10)
    : [];
  const lineitem = text(ags?.lineitem, 1000);
  const values = {
    deploymentId,
    trailId,
    contextId: text(context?.id, 255),
    lineitemUrl: lineitem,
    scope,
    membershipsUrl: text(nrps?.context_memberships_url, 1000),
    updatedAt: new Date(),
  };
  await tx
    .insert(ltiResourceLinks)
    .values({ platformId: platform.id, resourceLinkId: linkId, ...values })
    .onConflictDoUpdate({ target: [ltiResourceLinks.platformId, ltiResourceLinks.resourceLinkId], set: values });
  await tx.insert(trailAssignments).values({ trailId, userId }).onConflictDoNothing();
  if (!coach && lineitem && scope.includes(SCOPE.score)) {
    await tx
      .insert(ltiGradeTargets)
      .values({ platformId: platform.id, resourceLinkId: linkId, userId, trailId, sub })
      .onConflictDoUpdate({
        target: [ltiGradeTargets.platformId, ltiGradeTargets.resourceLinkId, ltiGradeTargets.userId],
        set: { trailId, sub },
      });
  }
}
