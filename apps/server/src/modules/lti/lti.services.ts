import type { Db } from '../../db/client';
import { signWithToolKey } from './lti.keys';
import type { PlatformRow } from './lti.platforms';

const cache = new Map<string, { token: string; until: number }>();

/**
 * An access token of the platform's services (AGS, NRPS): OAuth 2 client credentials with the tool's signed JWT
 * assertion (RFC 7523), cached until a minute before it expires.
 */
export async function serviceToken(db: Db, platform: PlatformRow, scopes: string[]): Promise<string> {
  const key = `${platform.id}|${platform.tokenUrl}|${scopes.join(' ')}`;
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.token;
  const assertion = await signWithToolKey(db, {
    iss: platform.clientId,
    sub: platform.clientId,
    aud: platform.tokenUrl,
  });
  const res = await fetch(platform.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: scopes.join(' '),
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`the platform's token endpoint answered ${res.status}`);
  const body = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string') throw new Error("the platform's token endpoint gave no access token");
  const ttl = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  if (cache.size > 1000) cache.clear();
  cache.set(key, { token: body.access_token, until: Date.now() + Math.max(0, ttl - 60) * 1000 });
  return body.access_token;
}

/** Forgets a token the platform refused (401): the next call asks for a new one. */
export function dropServiceToken(platform: PlatformRow, scopes: string[]): void {
  cache.delete(`${platform.id}|${platform.tokenUrl}|${scopes.join(' ')}`);
}
