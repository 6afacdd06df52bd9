import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

const keySets = new Map<string, JWTVerifyGetKey>();

/**
 * A platform's key set: fetched on first use, cached 10 minutes, and fetched again (at most every 30 s) when a token
 * names a key id it does not hold: the platform's key rotation.
 */
export function platformKeys(jwksUrl: string): JWTVerifyGetKey {
  let ks = keySets.get(jwksUrl);
  if (!ks) {
    ks = createRemoteJWKSet(new URL(jwksUrl), {
      timeoutDuration: 5000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
    if (keySets.size > 1000) keySets.clear();
    keySets.set(jwksUrl, ks);
  }
  return ks;
}
