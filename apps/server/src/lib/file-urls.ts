import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { decodeImageRequest, type ImageEdits, imageUrl } from '@cairn/shared';

/**
 * Private files (docs/security.md, docs/media.md): a user's uploads live under `media/…` in storage and are served
 * at /files/… and /img/… only with a signature that expires: `?exp={unix seconds}&sig={HMAC-SHA256(key, exp)}`.
 * The API signs the URLs it hands to a user it has just authorised (per request; a URL forwarded later stops
 * working at `exp`). One signature covers the stored file and every resized copy of it, so the web app can turn a
 * signed /files URL into /img URLs (`imageUrl` keeps the query).
 *
 * Everything under storage prefixes not listed in PUBLIC_PREFIXES is private: unknown prefixes (in-progress
 * `uploads/`, anything added later) are refused without a signature rather than served by default.
 */

/** Storage prefixes served to anyone: imported trail content (content-hashed names) and customers' logos. */
export const PUBLIC_PREFIXES = ['content/', 'customers/'] as const;
/** Content-hashed, so a URL's bytes never change. */
export const IMMUTABLE_PREFIXES = ['content/'] as const;

/** Expiries are rounded up to this step, so a URL stays the same (and cacheable) for a while. */
const EXP_STEP_SECONDS = 900;
const SIG_LENGTH = 32;

interface Signing {
  secret: Buffer;
  ttlSeconds: number;
}

let signing: Signing | null = null;

/**
 * Sets the process's signing key (buildApp does, from FILE_URL_SECRET or DATA_DIR/secrets/file-url.key). One key
 * per process: every app a process builds uses the same configuration.
 */
export function configureFileSigning(secret: Buffer, ttlSeconds: number): void {
  signing = { secret, ttlSeconds };
  signed.clear();
}

function current(): Signing {
  if (!signing) throw new Error('file URL signing is not configured (buildApp does it)');
  return signing;
}

/**
 * The key from FILE_URL_SECRET, else the one kept in DATA_DIR/secrets/file-url.key (made on first start, mode 0600),
 * so signed URLs survive restarts and every process sharing DATA_DIR agrees.
 */
export async function loadFileSecret(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, 'secrets', 'file-url.key');
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return Buffer.from(existing.trim(), 'utf8');
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    await fs.writeFile(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // another process may have won the race: everybody uses what is on disk
  return Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'utf8');
}

/** Whether a storage key needs a signature (anything outside the public prefixes). */
export function isPrivateKey(key: string): boolean {
  return !PUBLIC_PREFIXES.some((p) => key.startsWith(p));
}

export function signatureOf(key: string, exp: number, secret: Buffer): string {
  return createHmac('sha256', secret).update(`${key}\n${exp}`).digest('base64url').slice(0, SIG_LENGTH);
}

/**
 * The queries signed for the current expiry step, by key: the same key signed again within a step (a list of
 * notifications, a profile) costs no HMAC. Cleared when the step moves on or the key changes; bounded.
 */
const signed = new Map<string, string>();
let signedExp = 0;
const SIGNED_MAX = 10_000;

/** `exp=…&sig=…` for a key, valid for at least the configured TTL from `now`. */
export function signQuery(key: string, now = Date.now()): string {
  const { secret, ttlSeconds } = current();
  const exp = Math.ceil((Math.floor(now / 1000) + ttlSeconds) / EXP_STEP_SECONDS) * EXP_STEP_SECONDS;
  if (exp !== signedExp || signed.size >= SIGNED_MAX) {
    signed.clear();
    signedExp = exp;
  }
  let query = signed.get(key);
  if (query === undefined) {
    query = `exp=${exp}&sig=${signatureOf(key, exp, secret)}`;
    signed.set(key, query);
  }
  return query;
}

export type SignatureCheck = 'valid' | 'missing' | 'expired' | 'forged';

/** Checks `exp` and `sig` query values for a key (constant-time comparison). */
export function checkSignature(key: string, exp: unknown, sig: unknown, now = Date.now()): SignatureCheck {
  if (exp === undefined && sig === undefined) return 'missing';
  if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return 'forged';
  const expected = Buffer.from(signatureOf(key, Number(exp), current().secret));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
  return Number(exp) * 1000 <= now ? 'expired' : 'valid';
}

/** A path under DATA_DIR/files as the URL the client loads (relative, so it works behind any origin); unsigned. */
export function fileUrl(relativePath: string): string {
  return `/files/${relativePath.replace(/^\/+/, '')}`;
}

/** The URL the client loads for a storage key: /files/{key}, signed when the key is private. */
export function fileHref(key: string, now = Date.now()): string {
  const k = key.replace(/^\/+/, '');
  return isPrivateKey(k) ? `/files/${k}?${signQuery(k, now)}` : `/files/${k}`;
}

/** A resized image's URL (§7 image service), signed when the key is private. */
export function imageHref(key: string, edits?: ImageEdits, now = Date.now()): string {
  const url = imageUrl(key, edits);
  return isPrivateKey(key) ? `${url}?${signQuery(key, now)}` : url;
}

/**
 * Signs a stored URL for the client: `/files/{key}` (as kept in the database, e.g. a PDF or avatar URL) or an
 * `/img/{request}`; other URLs, and URLs already carrying a query, are returned as they are.
 */
export function signUrl(url: string, now = Date.now()): string {
  if (url.includes('?')) return url;
  if (url.startsWith('/files/')) return fileHref(url.slice('/files/'.length), now);
  if (url.startsWith('/img/')) {
    const req = decodeImageRequest(url.slice('/img/'.length)) as { key?: unknown } | null;
    if (req && typeof req.key === 'string' && isPrivateKey(req.key)) return `${url}?${signQuery(req.key, now)}`;
  }
  return url;
}
