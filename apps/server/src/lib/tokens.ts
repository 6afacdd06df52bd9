import { createHash, randomBytes } from 'node:crypto';

/** A fresh opaque token: 256 random bits, url-safe, with a short prefix saying what it is. */
export function newToken(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** The only form in which tokens are stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
