import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { checkSignature, IMMUTABLE_PREFIXES, isPrivateKey } from '../../lib/file-urls';
import { HttpError } from '../../lib/http-error';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A shared avatar can turn private again (replaced, deleted): caches keep it for minutes, not a year. */
const AVATAR = 'public, max-age=300';
/** Caches may keep a signed private response until its signature expires, at most a day, never a shared cache. */
const MAX_PRIVATE_AGE = 86_400;

/** How media.service names stored uploads; nothing else is looked up (a NUL or a huge key never reaches SQL). */
const UPLOAD_KEY = /^media\/\d{1,10}\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/;

/** Why a private file is refused: the same 403 whatever the file, so the answer reveals nothing about it. */
const refusal: Record<'missing' | 'expired' | 'forged', string> = {
  missing: 'This file needs a signed link; reload the page for a fresh one',
  expired: 'This link has expired; reload the page for a fresh one',
  forged: 'This link is not valid; reload the page for a fresh one',
};

/** Whether the stored file is a live image some user shows as their avatar (avatars are shared once chosen). */
async function isSharedAvatar(app: FastifyInstance, key: string): Promise<boolean> {
  const rows = await app.db.execute(sql`
    select 1 from media m
    where m.storage_key = ${key} and m.deleted_at is null
      and exists (select 1 from vault_relations r where r.media_id = m.id and r.relation = 'avatar')
    limit 1`);
  return rows.rows.length > 0;
}

/**
 * The Cache-Control for serving a stored file (at /files/… or resized at /img/…), or a 403 when the key is private
 * and the request carries no valid signature. Checked before anything is read, so a refusal says nothing about the
 * file (it answers the same whether the file exists or not).
 */
export async function fileAccess(
  app: FastifyInstance,
  key: string,
  query: { exp?: unknown; sig?: unknown },
  publicCache: string,
): Promise<string> {
  if (!isPrivateKey(key)) return IMMUTABLE_PREFIXES.some((p) => key.startsWith(p)) ? IMMUTABLE : publicCache;
  const now = Date.now();
  const check = checkSignature(key, query.exp, query.sig, now);
  if (check === 'valid') {
    const left = Math.floor((Number(query.exp) * 1000 - now) / 1000);
    return `private, max-age=${Math.max(0, Math.min(left, MAX_PRIVATE_AGE))}`;
  }
  if (check === 'missing' && UPLOAD_KEY.test(key) && (await isSharedAvatar(app, key))) return AVATAR;
  throw new HttpError(403, 'forbidden', refusal[check]);
}

/**
 * The headers that keep a private stored file (a user's upload, a results PDF) from running as a page of this origin:
 * saved as an attachment by default (an <img>, <audio> or <video> still loads it: they ignore Content-Disposition);
 * a PDF opens inline, as the app opens results PDFs in a new tab, but in a sandbox (no scripts, an opaque origin).
 * Public content (trail content, customers' logos) is the app's own and keeps its defaults: null.
 */
export function privateFileHeaders(
  key: string,
  contentType: string | undefined,
  csp: string | undefined,
): Record<string, string> | null {
  if (!isPrivateKey(key)) return null;
  const name = (key.split('/').pop() ?? 'file').replace(/[^\w.-]/g, '_');
  if (/^application\/pdf\b/i.test(contentType ?? '')) {
    return {
      'content-disposition': `inline; filename="${name}"`,
      'content-security-policy': csp ? `${csp}; sandbox` : 'sandbox',
    };
  }
  return { 'content-disposition': `attachment; filename="${name}"` };
}
