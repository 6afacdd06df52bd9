import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { decodeProtectedHeader, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import type { Db } from '../../db/client';
import { ltiLoginStates, ltiPlatforms } from '../../db/schema';
import { CLAIM, MESSAGE } from './lti.claims';
import { LtiError } from './lti.errors';
import { platformKeys } from './lti.platform-keys';
import { isDeploymentRegistered, type PlatformRow, platformOf } from './lti.platforms';

/** The cookie that binds a login's state to the browser that started it. */
export const BROWSER_COOKIE = 'cairn_lti_browser';
const STATE_TTL_MS = 10 * 60_000;
/** Clock skew tolerated on exp and iat. */
export const CLOCK_SKEW_S = 60;
export const MAX_TOKEN_CHARS = 20_000;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
export const randomToken = () => randomBytes(32).toString('base64url');

export interface LoginParams {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
}

/**
 * Third-party-initiated login: finds the platform, stores a state and a nonce bound to this browser's cookie, and
 * answers where to send the browser (the platform's OIDC auth endpoint).
 */
export async function startLogin(
  db: Db,
  params: LoginParams,
  browserId: string,
  launchUrl: string,
): Promise<{ redirect: string }> {
  const { iss, login_hint: loginHint, target_link_uri: target } = params;
  if (!iss || !loginHint || !target) {
    throw new LtiError('missing_params', 'The login request lacks iss, login_hint or target_link_uri');
  }
  const found = await platformOf(db, iss, params.client_id ?? null);
  if (found.length !== 1) throw new LtiError('not_registered', 'No single registered platform has this issuer');
  const platform = found[0];
  const state = randomToken();
  const nonce = randomToken();
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (typeof v === 'string') kept[k] = v;
  await db.insert(ltiLoginStates).values({
    state,
    nonce,
    platformId: platform.id,
    browserHash: sha256(browserId),
    loginParams: kept,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  // states are few minutes' worth: the old ones go as new ones come
  await db.delete(ltiLoginStates).where(lt(ltiLoginStates.expiresAt, sql`now() - interval '1 hour'`));
  const u = new URL(platform.authUrl);
  const q: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: launchUrl,
    login_hint: loginHint,
    state,
    nonce,
  };
  if (params.lti_message_hint) q.lti_message_hint = params.lti_message_hint;
  for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
  return { redirect: u.toString() };
}

export interface VerifiedLaunch {
  platform: PlatformRow;
  claims: JWTPayload & Record<string, unknown>;
  messageType: string;
  deploymentId: string;
  sub: string;
}

function joseReason(err: unknown): LtiError {
  if (err instanceof joseErrors.JWTExpired) return new LtiError('token_expired', 'The ID token has expired');
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    if (err.claim === 'aud') return new LtiError('token_audience', 'The ID token is meant for another tool');
    if (err.claim === 'iss') return new LtiError('token_issuer', 'The ID token comes from another issuer');
    if (err.claim === 'iat' || err.claim === 'exp' || err.claim === 'nbf')
      return new LtiError('token_expired', `The ID token's ${err.claim} is out of range`);
    return new LtiError('token_invalid', `The ID token's ${err.claim} claim is invalid`);
  }
  if (err instanceof joseErrors.JWKSTimeout)
    return new LtiError('platform_unreachable', "The platform's keys could not be fetched");
  if (
    err instanceof joseErrors.JWSSignatureVerificationFailed ||
    err instanceof joseErrors.JWKSNoMatchingKey ||
    err instanceof joseErrors.JWKSMultipleMatchingKeys
  )
    return new LtiError('token_signature', "The ID token is not signed by the platform's keys");
  if (err instanceof joseErrors.JOSEError) return new LtiError('token_invalid', 'The ID token could not be verified');
  return new LtiError('platform_unreachable', "The platform's keys could not be fetched");
}

/**
 * Every check of a launch (docs/lti.md): the state is known, fresh, of this browser and used once; the ID token is
 * signed by the platform's keys, for this tool (aud, azp), from its issuer, in date (exp, iat with small skew),
 * carries the state's nonce, a registered deployment, a supported message type and version 1.3.0, and a subject.
 */
export async function verifyLaunch(
  db: Db,
  body: { id_token?: unknown; state?: unknown },
  browserId: string | null,
): Promise<VerifiedLaunch> {
  const { id_token: token, state } = body;
  if (
    typeof token !== 'string' ||
    typeof state !== 'string' ||
    !token ||
    !state ||
    token.length > MAX_TOKEN_CHARS ||
    state.length > 200
  )
    throw new LtiError('missing_params', 'The launch lacks its id_token or state');
  const [row] = await db.select().from(ltiLoginStates).where(eq(ltiLoginStates.state, state));
  if (!row || row.expiresAt.getTime() < Date.now())
    throw new LtiError('state_unknown', 'The launch state is unknown or has expired; start again from the course');
  if (!browserId) throw new LtiError('cookie_blocked', 'The browser did not send the login cookie', row.loginParams);
  if (sha256(browserId) !== row.browserHash)
    throw new LtiError('state_browser', 'The launch state was issued to another browser');
  const [spent] = await db
    .update(ltiLoginStates)
    .set({ usedAt: sql`now()` })
    .where(and(eq(ltiLoginStates.state, state), isNull(ltiLoginStates.usedAt)))
    .returning({ nonce: ltiLoginStates.nonce });
  if (!spent) throw new LtiError('replayed', 'This launch was used already (a replayed state and nonce)');
  const [platform] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, row.platformId));
  if (!platform) throw new LtiError('not_registered', 'The platform is no longer registered');
  try {
    decodeProtectedHeader(token);
  } catch {
    throw new LtiError('token_invalid', 'The id_token is not a JWT');
  }
  let claims: JWTPayload & Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token, platformKeys(platform.jwksUrl), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'PS256'],
      clockTolerance: CLOCK_SKEW_S,
      maxTokenAge: '1h',
      requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
    }));
  } catch (err) {
    throw joseReason(err);
  }
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== platform.clientId)
    throw new LtiError('token_audience', 'The ID token names several audiences and another authorized party');
  if (claims.azp !== undefined && claims.azp !== platform.clientId)
    throw new LtiError('token_audience', 'The ID token was issued to another authorized party');
  if (claims.nonce !== spent.nonce) throw new LtiError('nonce', "The ID token's nonce is not this launch's");
  const messageType = claims[CLAIM.messageType];
  if (
    claims[CLAIM.version] !== '1.3.0' ||
    (messageType !== MESSAGE.resourceLink && messageType !== MESSAGE.deepLinking)
  )
    throw new LtiError('message', 'The message type or LTI version is not supported');
  const deploymentId = claims[CLAIM.deploymentId];
  if (typeof deploymentId !== 'string' || !(await isDeploymentRegistered(db, platform.id, deploymentId)))
    throw new LtiError('deployment', 'This deployment is not registered for the platform');
  if (typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 255)
    throw new LtiError('claims', 'The launch has no user (sub)');
  return { platform, claims, messageType, deploymentId, sub: claims.sub };
}
