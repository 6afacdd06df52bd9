import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A fresh opaque token: 256 random bits, url-safe, with a short prefix saying what it is. */
export function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** The only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

let successorKey: Buffer | null = null;

/**
 * Sets the key of {@link successorToken} (buildApp does, from the server's file signing secret: FILE_URL_SECRET or
 * DATA_DIR/secrets/file-url.key, which every process of a deployment shares). A sub-key is derived with its own
 * label, so the secret's use for file URLs and this one never produce the same value.
 */
export function configureTokenDerivation(secret: Buffer): void {
  successorKey = createHmac('sha256', secret).update('cairn refresh successor v1').digest();
}

/**
 * The token that succeeds `previous` in a refresh rotation: HMAC(server key, kind and previous token), 256 bits like
 * {@link newToken}. Deterministic, so a rotated refresh token presented again within its grace gets the very pair
 * the first exchange issued (never a second chain), although only hashes are stored; unpredictable to whoever holds
 * the previous token without the server's key.
 */
export function successorToken(prefix: string, previous: string): string {
  if (!successorKey) throw new Error('token derivation is not configured (buildApp does it)');
  const mac = createHmac('sha256', successorKey).update(`${prefix}\n${previous}`).digest('base64url');
  return `${prefix}_${mac}`;
}
