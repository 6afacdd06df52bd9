import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { AppConfig, OidcProviderConfig, OidcProviderName } from '../../config';
import { HttpError } from '../../lib/http-error';

const keySets = new WeakMap<OidcProviderConfig, JWTVerifyGetKey>();

function keySetOf(p: OidcProviderConfig): JWTVerifyGetKey {
  let ks = keySets.get(p);
  if (!ks) {
    ks =
      'url' in p.jwks
        ? createRemoteJWKSet(new URL(p.jwks.url))
        : createLocalJWKSet(p.jwks.keys as unknown as Parameters<typeof createLocalJWKSet>[0]);
    keySets.set(p, ks);
  }
  return ks;
}

/** The configured provider, or a 404 provider_disabled (providers are off unless configured). */
export function providerConfig(config: AppConfig, name: string): OidcProviderConfig {
  const p = (config.oidc as Record<string, OidcProviderConfig | undefined>)[name];
  if (!p) throw new HttpError(404, 'provider_disabled', `Sign-in with ${name} is not enabled`);
  return p;
}

/** Verifies the provider's ID token (signature, issuer, audience, expiry) and returns its email. */
export async function verifyProviderToken(
  provider: OidcProviderConfig,
  name: OidcProviderName | string,
  token: string,
): Promise<string> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keySetOf(provider), {
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
