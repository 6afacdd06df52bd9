import { and, asc, eq, sql } from 'drizzle-orm';
import { createLocalJWKSet, type JWK, jwtVerify } from 'jose';
import type { Db } from '../../db/client';
import { ltiPlatforms, trails } from '../../db/schema';
import { CLAIM, isInstructor, MESSAGE, TRAIL_PARAM } from './lti.claims';
import { LtiError } from './lti.errors';
import { signWithToolKey, toolJwks } from './lti.keys';
import { sha256, type VerifiedLaunch } from './lti.launch';

const CTX_TTL_S = 60 * 60;

interface PickerContext {
  pid: number;
  dep: string;
  ret: string;
  data: string | null;
  b: string;
  lang: string;
}

/** The customer's published trails an instructor may place in a course, with their points (one query). */
export async function placeableTrails(db: Db, customerId: number) {
  return (
    db
      .select({
        id: trails.id,
        name: trails.name,
        // raw names: inside a select's field, drizzle may leave a column unqualified (pebbles.trail_id = pebbles.id)
        points: sql<number>`coalesce((select sum(pb.xp) from pebbles pb where pb.trail_id = "trails"."id"), 0)::int`,
      })
      .from(trails)
      // published only (docs/admin.md): a trail without a lifecycle row counts as published; drafts and retired ones
      // cannot be placed
      .where(
        and(
          eq(trails.customerId, customerId),
          sql`not exists (select 1 from trail_lifecycle lc where lc.trail_id = "trails"."id"
              and (lc.published_at is null or lc.retired_at is not null))`,
        ),
      )
      .orderBy(asc(trails.name), asc(trails.id))
      .limit(500)
  );
}

/**
 * A deep-linking request: an instructor of the course only; answers the picker's context, signed with the tool's key
 * and bound to this browser, which POST /lti/deep-link takes back.
 */
export async function startDeepLinking(
  db: Db,
  launch: VerifiedLaunch,
  browserId: string,
  lang: string,
  audience: string,
): Promise<string> {
  if (!isInstructor(launch.claims[CLAIM.roles]))
    throw new LtiError('role', 'Only an instructor may place a trail in the course');
  const settings = launch.claims[CLAIM.deepLinkingSettings] as
    | { deep_link_return_url?: unknown; accept_types?: unknown; data?: unknown }
    | undefined;
  const ret = settings?.deep_link_return_url;
  if (typeof ret !== 'string' || ret.length > 2000 || !URL.canParse(ret))
    throw new LtiError('claims', 'The deep-linking request has no return URL');
  if (Array.isArray(settings?.accept_types) && !settings.accept_types.includes('ltiResourceLink'))
    throw new LtiError('message', 'The platform does not accept resource links here');
  const ctx: PickerContext = {
    pid: launch.platform.id,
    dep: launch.deploymentId,
    ret,
    data: typeof settings?.data === 'string' ? settings.data.slice(0, 2000) : null,
    b: sha256(browserId),
    lang,
  };
  return signWithToolKey(db, { ctx, aud: audience }, CTX_TTL_S);
}

/** POST /lti/deep-link: the picked trail as a signed LtiDeepLinkingResponse for the platform's return URL. */
export async function completeDeepLinking(
  db: Db,
  body: { ctx?: unknown; trail_id?: unknown; graded?: unknown },
  browserId: string | null,
  opts: { audience: string; launchUrl: string },
): Promise<{ returnUrl: string; jwt: string; lang: string }> {
  if (typeof body.ctx !== 'string' || body.ctx.length > 10_000)
    throw new LtiError('missing_params', 'The deep-linking form lacks its context');
  let ctx: PickerContext | undefined;
  try {
    const keys = createLocalJWKSet((await toolJwks(db)) as { keys: JWK[] });
    const { payload } = await jwtVerify(body.ctx, keys, { audience: opts.audience });
    ctx = payload.ctx as PickerContext | undefined;
  } catch {
    ctx = undefined;
  }
  if (!ctx || typeof ctx.b !== 'string')
    throw new LtiError('state_unknown', 'The deep-linking form has expired; start again from the course');
  if (!browserId || sha256(browserId) !== ctx.b)
    throw new LtiError('state_browser', 'The deep-linking form was opened in another browser');
  const [platform] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, ctx.pid));
  if (!platform) throw new LtiError('not_registered', 'The platform is no longer registered');
  const trailId = Number(body.trail_id);
  const [trail] =
    Number.isSafeInteger(trailId) && trailId > 0 && trailId <= 2_147_483_647
      ? (await placeableTrails(db, platform.customerId)).filter((t) => t.id === trailId)
      : [];
  if (!trail) throw new LtiError('no_trail', "The chosen trail is not one of the organisation's");
  const graded = body.graded === '1' || body.graded === true || body.graded === 'true';
  const item: Record<string, unknown> = {
    type: 'ltiResourceLink',
    title: trail.name,
    url: opts.launchUrl,
    custom: { [TRAIL_PARAM]: String(trail.id) },
  };
  if (graded)
    item.lineItem = { scoreMaximum: Math.max(trail.points, 1), label: trail.name, resourceId: `trail-${trail.id}` };
  const jwt = await signWithToolKey(db, {
    iss: platform.clientId,
    aud: platform.issuer,
    nonce: sha256(`${body.ctx}:${Date.now()}`),
    azp: platform.clientId,
    [CLAIM.deploymentId]: ctx.dep,
    [CLAIM.messageType]: MESSAGE.deepLinkingResponse,
    [CLAIM.version]: '1.3.0',
    [CLAIM.contentItems]: [item],
    ...(ctx.data !== null ? { [CLAIM.dlData]: ctx.data } : {}),
  });
  return { returnUrl: ctx.ret, jwt, lang: ctx.lang };
}
