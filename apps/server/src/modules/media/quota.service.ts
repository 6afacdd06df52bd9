import fs from 'node:fs/promises';
import { UPLOAD_TYPES } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import type { MediaConfig } from '../../config';
import type { Db } from '../../db/client';
import { forbidden, HttpError } from '../../lib/http-error';
import type { FileType } from './sniff';

const MB = 1024 * 1024;

/** 51200 MB → "50 GB", 1024 MB → "1 GB", 300 KB → "300 KB". */
const human = (bytes: number) =>
  bytes >= 1024 * MB && bytes % (1024 * MB) === 0
    ? `${bytes / (1024 * MB)} GB`
    : bytes >= MB
      ? `${Math.floor(bytes / MB)} MB`
      : `${Math.floor(bytes / 1024)} KB`;

export const quotaExceeded = (who: 'user' | 'customer', limit: number) =>
  new HttpError(
    413,
    'quota_exceeded',
    who === 'user'
      ? `Your storage quota of ${human(limit)} is used up; delete files to upload more`
      : `Your organisation's storage quota of ${human(limit)} is used up; delete files to upload more`,
  );

export const insufficientStorage = () =>
  new HttpError(507, 'insufficient_storage', 'The server is short of disk space; uploads are paused, try again later');

/** What an upload may still write: `left` bytes (shared by the files of one request), then `refuse()`. */
export interface UploadBudget {
  left: number;
  refuse: () => HttpError;
}

/** The bytes of live files of the user and of the whole customer, in one statement. */
export async function storedBytes(
  db: Db,
  customerId: number,
  userId: number,
): Promise<{ user: number; customer: number }> {
  const r = await db.execute<{ user: string; customer: string }>(sql`
    select coalesce(sum(size) filter (where user_id = ${userId}), 0)::text as user,
           coalesce(sum(size), 0)::text as customer
    from media where customer_id = ${customerId} and deleted_at is null`);
  return { user: Number(r.rows[0].user), customer: Number(r.rows[0].customer) };
}

/** Bytes available to this process on the disk of `dir`. */
export async function diskFree(dir: string): Promise<number> {
  const s = await fs.statfs(dir);
  return s.bavail * s.bsize;
}

/**
 * Decided before any byte of an upload is read: 507 when the disk of the files directory would keep less than the
 * reserve (DISK_RESERVE_MB: the embedded PostgreSQL lives on the same disk and must always have room), 413
 * `quota_exceeded` when the user's or the customer's quota is used up; else what the request may still write.
 * `declared` is the request's Content-Length (0 when unknown).
 */
export async function uploadBudget(
  db: Db,
  cfg: MediaConfig,
  filesDir: string | null,
  actor: { userId: number; customerId: number },
  declared: number,
): Promise<UploadBudget> {
  const [used, free] = await Promise.all([
    storedBytes(db, actor.customerId, actor.userId),
    filesDir === null ? Number.POSITIVE_INFINITY : diskFree(filesDir),
  ]);
  const disk = free - cfg.diskReserveBytes;
  if (disk - declared < 0) throw insufficientStorage();
  const userLeft = cfg.quota.userBytes - used.user;
  const customerLeft = cfg.quota.customerBytes - used.customer;
  if (userLeft <= 0) throw quotaExceeded('user', cfg.quota.userBytes);
  if (customerLeft <= 0) throw quotaExceeded('customer', cfg.quota.customerBytes);
  const left = Math.min(userLeft, customerLeft, disk);
  const refuse =
    left === disk
      ? insufficientStorage
      : left === userLeft
        ? () => quotaExceeded('user', cfg.quota.userBytes)
        : () => quotaExceeded('customer', cfg.quota.customerBytes);
  return { left, refuse };
}

/** After the files are received, before they are recorded: the quotas checked again on fresh sums (uploads race). */
export async function confirmQuota(
  db: Db,
  cfg: MediaConfig,
  actor: { userId: number; customerId: number },
  bytes: number,
): Promise<void> {
  const used = await storedBytes(db, actor.customerId, actor.userId);
  if (used.user + bytes > cfg.quota.userBytes) throw quotaExceeded('user', cfg.quota.userBytes);
  if (used.customer + bytes > cfg.quota.customerBytes) throw quotaExceeded('customer', cfg.quota.customerBytes);
}

/** The media kind each upload mineral asks for; a file upload takes any kind. */
const KIND_OF: Record<string, FileType['kind'] | 'any'> = {
  image_input: 'image',
  audio_input: 'audio',
  video_input: 'video',
  file_input: 'any',
};

/** What a public-link user may still upload: the kinds their trail's upload pebbles ask for, and how many files. */
export interface PublicAllowance {
  kinds: Set<FileType['kind'] | 'any'>;
  left: number;
}

/**
 * A public-link user uploads only answers: as many files as their link's trail has upload minerals (live files count;
 * deleting one frees its place), of the kinds those ask for. Refused (403) when the trail asks for no upload or the
 * files are all used.
 */
export async function publicAllowance(db: Db, userId: number): Promise<PublicAllowance> {
  const r = await db.execute<{ type: string; n: string; used: string }>(sql`
    select m.type, count(*)::text as n,
           (select count(*) from media where user_id = ${userId} and deleted_at is null)::text as used
    from users u
    join public_links l on l.id = u.public_link_id
    join pebbles p on p.trail_id = l.trail_id
    join minerals m on m.pebble_id = p.id
    where u.id = ${userId} and m.type in (${sql.join(
      UPLOAD_TYPES.map((t) => sql`${t}`),
      sql`, `,
    )})
    group by m.type`);
  const kinds = new Set(r.rows.map((row) => KIND_OF[row.type]).filter((k) => k !== undefined));
  const total = r.rows.reduce((sum, row) => sum + Number(row.n), 0);
  const used = Number(r.rows[0]?.used ?? 0);
  if (total === 0) throw forbidden('This link’s trail asks for no uploads');
  if (used >= total) throw forbidden(`This link’s trail takes ${total} uploaded files; delete one to upload another`);
  return { kinds, left: total - used };
}

/** Whether a received file is of a kind the public user's trail asks for. */
export function allowedForPublic(allowance: PublicAllowance, kind: FileType['kind']): boolean {
  return allowance.kinds.has('any') || allowance.kinds.has(kind);
}
