import type { LtiPlatform, LtiPlatformInput, LtiToolUrls } from '@cairn/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ltiDeployments, ltiPlatforms } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { type CustomerAdmin, recordAudit } from '../admin';

export type PlatformRow = typeof ltiPlatforms.$inferSelect;

/** The URLs the platform's administrator enters in the LMS for this Cairn. */
export function toolUrls(publicUrl: string): LtiToolUrls {
  return {
    login_url: `${publicUrl}/lti/login`,
    launch_url: `${publicUrl}/lti/launch`,
    deep_link_url: `${publicUrl}/lti/launch`,
    jwks_url: `${publicUrl}/lti/jwks`,
  };
}

function present(p: PlatformRow, deploymentIds: string[]): LtiPlatform {
  return {
    id: p.id,
    issuer: p.issuer,
    client_id: p.clientId,
    deployment_ids: deploymentIds,
    auth_url: p.authUrl,
    token_url: p.tokenUrl,
    jwks_url: p.jwksUrl,
    frame_origin: p.frameOrigin,
    created_at: p.createdAt.toISOString(),
  };
}

/** The customer's platforms with their deployments (two queries, whatever their number). */
export async function listPlatforms(db: Db, customerId: number): Promise<LtiPlatform[]> {
  const rows = await db
    .select()
    .from(ltiPlatforms)
    .where(eq(ltiPlatforms.customerId, customerId))
    .orderBy(asc(ltiPlatforms.id));
  if (rows.length === 0) return [];
  const deps = await db
    .select()
    .from(ltiDeployments)
    .where(
      inArray(
        ltiDeployments.platformId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(ltiDeployments.deploymentId));
  return rows.map((r) =>
    present(
      r,
      deps.filter((d) => d.platformId === r.id).map((d) => d.deploymentId),
    ),
  );
}

/** Registers a platform for the customer; 409 when its issuer and client id are registered already. */
export async function registerPlatform(
  db: Db,
  admin: CustomerAdmin,
  input: LtiPlatformInput,
  ip: string,
): Promise<LtiPlatform> {
  const { customerId } = admin;
  const deploymentIds = [...new Set(input.deployment_ids)];
  return db.transaction(async (tx) => {
    const [p] = await tx
      .insert(ltiPlatforms)
      .values({
        customerId,
        issuer: input.issuer,
        clientId: input.client_id,
        authUrl: input.auth_url,
        tokenUrl: input.token_url,
        jwksUrl: input.jwks_url,
        frameOrigin: input.frame_origin ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!p) throw new HttpError(409, 'lti_platform_exists', 'A platform with this issuer and client id is registered');
    await tx.insert(ltiDeployments).values(deploymentIds.map((deploymentId) => ({ platformId: p.id, deploymentId })));
    await recordAudit(tx, {
      actorId: admin.userId,
      customerId,
      action: 'lti_platform.register',
      objectType: 'lti_platform',
      objectId: p.id,
      ip,
      detail: { issuer: p.issuer, client_id: p.clientId, deployment_ids: deploymentIds },
    });
    return present(p, deploymentIds.sort());
  });
}

/** The platform of a launch: issuer + client id (a login names both; an ID token's aud is the client id). */
export async function platformOf(db: Db, issuer: string, clientId: string | null): Promise<PlatformRow[]> {
  const rows = await db
    .select()
    .from(ltiPlatforms)
    .where(
      clientId === null
        ? eq(ltiPlatforms.issuer, issuer)
        : sql`${ltiPlatforms.issuer} = ${issuer} and ${ltiPlatforms.clientId} = ${clientId}`,
    )
    .limit(2);
  return rows;
}

export async function isDeploymentRegistered(db: Db, platformId: number, deploymentId: string): Promise<boolean> {
  const [d] = await db
    .select({ id: ltiDeployments.platformId })
    .from(ltiDeployments)
    .where(sql`${ltiDeployments.platformId} = ${platformId} and ${ltiDeployments.deploymentId} = ${deploymentId}`);
  return !!d;
}

/** The origins that may frame Cairn: each platform's frame origin, else its issuer's origin. */
export async function frameOrigins(db: Db): Promise<string[]> {
  const rows = await db.select({ issuer: ltiPlatforms.issuer, frame: ltiPlatforms.frameOrigin }).from(ltiPlatforms);
  const out = new Set<string>();
  for (const r of rows) {
    try {
      out.add(new URL(r.frame ?? r.issuer).origin);
    } catch {
      // stored values were checked on registration
    }
  }
  return [...out].sort();
}
