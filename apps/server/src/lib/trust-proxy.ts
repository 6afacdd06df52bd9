import { isIP } from 'node:net';

/** What Fastify's `trustProxy` is given: off, a number of hops, or the proxies' addresses and CIDRs. */
export type TrustProxy = false | number | string[];

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

function validEntry(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (issue 26, item 6): `false`/`0` (default: the socket's address is the client's), a hop count (`1` =
 * one proxy in front: the address it appended to X-Forwarded-For), or a comma list of proxy addresses/CIDRs (also
 * `loopback`, `linklocal`, `uniquelocal`). `true` is refused: it trusted every hop, so the leftmost
 * X-Forwarded-For, which the client writes, became its address and rate-limit key.
 */
export function parseTrustProxy(raw: string): TrustProxy | { error: string } {
  const v = raw.trim().slice(0, 2000);
  if (v === 'false' || v === '0') return false;
  if (v === 'true') {
    return {
      error:
        'TRUST_PROXY=true is no longer accepted (it trusted every hop, so clients chose their own address): set the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs, comma-separated',
    };
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops >= 1 && hops <= MAX_HOPS) return hops;
    return { error: `TRUST_PROXY must be a hop count between 1 and ${MAX_HOPS}, false, or proxy addresses/CIDRs` };
  }
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !validEntry(e));
  if (entries.length === 0 || bad !== undefined) {
    return {
      error: `TRUST_PROXY must be false, a hop count (e.g. 1) or comma-separated proxy addresses/CIDRs${bad ? ` (not an address: ${bad.slice(0, 60)})` : ''}`,
    };
  }
  return entries;
}

/**
 * Fastify's `trustProxy` for a parsed TRUST_PROXY. A hop count becomes "trust the first n hops from the socket"
 * (proxy-addr's index 0 is the socket's address): the client is the address the n-th proxy saw. Fastify itself
 * trusts nothing for a bare number, which would make every client behind the load balancer one address.
 */
export function fastifyTrustProxy(tp: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp === 'number') return (_address, hop) => hop < tp;
  return tp;
}
