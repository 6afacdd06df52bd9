import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { type AppConfig, OIDC_PROVIDERS, type OidcProviderConfig, type OidcProviderName } from '../../config';
import { HttpError } from '../../lib/http-error';

const keySets = new WeakMap<OidcProviderConfig, Promise<JWTVerifyGetKey>>();

/** The issuer's jwks_uri from its discovery document (OpenID Connect Discovery 1.0). */
async function discoveredJwksUrl(issuer: string): Promise<URL> {
  const res = await fetch(new URL(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`), {
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`discovery of ${issuer} answered ${res.status}`);
  const doc = (await res.json()) as { issuer?: string; jwks_uri?: string };
  if (doc.issuer !== issuer || !doc.jwks_uri)
    throw new Error(`discovery of ${issuer} names another issuer or no jwks_uri`);
  return new URL(doc.jwks_uri);
}

function keySetOf(p: OidcProviderConfig): Promise<JWTVerifyGetKey> {
  let ks = keySets.get(p);
  if (!ks) {
    const jwks = p.jwks;
    ks = !jwks
      ? discoveredJwksUrl(p.issuer).then((u) => createRemoteJWKSet(u))
      : Promise.resolve(
          'url' in jwks
            ? createRemoteJWKSet(new URL(jwks.url))
            : createLocalJWKSet(jwks.keys as unknown as Parameters<typeof createLocalJWKSet>[0]),
        );
    // a failed discovery is tried again on the next sign-in
    ks.catch(() => keySets.delete(p));
    keySets.set(p, ks);
  }
  return ks;
}

/** The providers this server accepts, as the web app needs them to start a sign-in (no secrets). */
export function enabledProviders(config: AppConfig): { name: OidcProviderName; issuer: string; client_id: string }[] {
  return Object.entries(config.oidc).map(([name, p]) => ({
    name: name as OidcProviderName,
    issuer: p.issuer,
    client_id: p.audience,
  }));
}

/** The configured provider, or a 404 provider_disabled (providers are off unless configured). */
export function providerConfig(config: AppConfig, name: string): OidcProviderConfig {
  // an own property of a known provider only: /api/auth/constructor or /api/auth/toString found Object's (a 500)
  const known = (OIDC_PROVIDERS as readonly string[]).includes(name) && Object.hasOwn(config.oidc, name);
  const p = known ? config.oidc[name as OidcProviderName] : undefined;
  if (!p) throw new HttpError(404, 'provider_disabled', `Sign-in with ${name} is not enabled`);
  return p;
}

/** Verifies the provider's ID token (signature, issuer, audience, expiry) and returns its email. */
export async function verifyProviderToken(
  provider: OidcProviderConfig,
  name: OidcProviderName | string,
  token: string,
): Promise<string> {
  let keys: JWTVerifyGetKey;
  try {
    keys = await keySetOf(provider);
  } catch {
    throw new HttpError(503, 'provider_unavailable', `The ${name} sign-in service cannot be reached; try again later`);
  }
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      issuer: provider.issuer,
      audience: provider.audience,
      clockTolerance: 30,
    }));
  } catch {
    throw new HttpError(401, 'provider_token_invalid', `The ${name} sign-in could not be verified`);
  }
  // Azure puts the address in preferred_username or upn when the optional email claim is off
  const email = [payload.email, payload.preferred_username, payload.upn].find(
    (v): v is string => typeof v === 'string' && v.includes('@'),
  );
  if (!email || payload.email_verified === false) {
    throw new HttpError(401, 'provider_token_invalid', `The ${name} sign-in carries no verified email`);
  }
  return email;
}
