import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ltiPlatforms, ltiResourceLinks, trailAssignments } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { SCOPE } from './lti.claims';
import { type PlatformPerson, provisionPerson } from './lti.provision';
import { dropServiceToken, serviceToken } from './lti.services';

const MEMBERSHIPS = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
const MAX_PAGES = 50;

interface Member extends PlatformPerson {
  user_id?: unknown;
  status?: unknown;
}

/** The next page of a membership container (its Link header's rel="next"), parsed without a pattern. */
function nextLink(header: string | null): string | null {
  if (!header || header.length > 4000) return null;
  for (const part of header.split(',')) {
    const [target, ...params] = part.split(';');
    if (params.some((x) => x.trim().replaceAll(' ', '') === 'rel="next"')) {
      const url = target.trim();
      if (url.startsWith('<') && url.endsWith('>')) return url.slice(1, -1);
    }
  }
  return null;
}

async function fetchMembers(db: Db, platform: typeof ltiPlatforms.$inferSelect, url: string): Promise<Member[]> {
  const scopes = [SCOPE.memberships];
  const out: Member[] = [];
  let next: string | null = url;
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const token = await serviceToken(db, platform, scopes);
    const res = await fetch(next, {
      headers: { authorization: `Bearer ${token}`, accept: MEMBERSHIPS },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) {
      if (res.status === 401) dropServiceToken(platform, scopes);
      throw new Error(`the platform's roster answered ${res.status}`);
    }
    const body = (await res.json()) as { members?: unknown };
    if (Array.isArray(body.members)) out.push(...(body.members as Member[]));
    next = nextLink(res.headers.get('link'));
  }
  return out;
}

export interface RosterSync {
  members: number;
  created: number;
  assigned: number;
}

/**
 * An instructor's roster sync (NRPS 2.0): for each course link of the trail, the platform's active members become the
 * customer's learners (created just in time, or matched by sub; instructors become coaches) and the trail is assigned
 * to the learners. Only a coach of the trail's customer may run it.
 */
export async function syncRoster(db: Db, actor: Actor, trailId: number): Promise<RosterSync> {
  if (!actor.customerId || !actor.roles.some((r) => r.level > 400)) throw forbidden('Only a coach may sync a roster');
  const links = await db
    .select({ url: ltiResourceLinks.membershipsUrl, platform: ltiPlatforms })
    .from(ltiResourceLinks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId))
    .where(
      and(
        eq(ltiResourceLinks.trailId, trailId),
        eq(ltiPlatforms.customerId, actor.customerId),
        isNotNull(ltiResourceLinks.membershipsUrl),
      ),
    );
  if (links.length === 0) throw notFound('This trail is placed in no course with a roster');
  const result: RosterSync = { members: 0, created: 0, assigned: 0 };
  const seen = new Set<string>();
  for (const link of links) {
    const key = `${link.platform.id}|${link.url}`;
    if (seen.has(key) || !link.url) continue;
    seen.add(key);
    let members: Member[];
    try {
      members = await fetchMembers(db, link.platform, link.url);
    } catch {
      throw new HttpError(502, 'service_unavailable', "The course's roster could not be read from the LMS");
    }
    await db.transaction(async (tx) => {
      for (const m of members) {
        const sub = typeof m.user_id === 'string' ? m.user_id.slice(0, 255) : '';
        if (!sub || (m.status !== undefined && m.status !== 'Active')) continue;
        result.members++;
        const { userId, coach, created } = await provisionPerson(tx, link.platform, { ...m, sub });
        if (created) result.created++;
        if (coach) continue;
        const made = await tx
          .insert(trailAssignments)
          .values({ trailId, userId })
          .onConflictDoNothing()
          .returning({ id: trailAssignments.userId });
        result.assigned += made.length;
      }
    });
  }
  return result;
}
