import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where files live (STORAGE_URL): a directory on local disk, or a bucket (and key prefix) of an S3-compatible store. */
export type StorageTarget =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** '' or a prefix ending in '/', put before every key */
      prefix: string;
      region: string;
      /** set for S3-compatible stores (MinIO, R2, Ceph…); absent: AWS itself */
      endpoint?: string;
      /** bucket in the path (https://host/bucket/key) rather than the host name; default on when endpoint is set */
      forcePathStyle: boolean;
    };

/** S3's bucket naming rules (3–63 lower-case letters, digits, dots and hyphens; starts and ends alphanumeric). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,32}$/;
const MAX_URL = 2048;

/**
 * Parses STORAGE_URL: `file:///abs/dir`, or `s3://bucket/optional/prefix?region=…&endpoint=https://…&path_style=0|1`.
 * Returns the problem as a string (the config names the variable) or the target.
 */
export function parseStorageUrl(value: string, defaultRegion = 'us-east-1'): StorageTarget | string {
  if (value.length > MAX_URL) return `STORAGE_URL must be at most ${MAX_URL} characters`;
  if (!URL.canParse(value)) return 'STORAGE_URL must be a file:// or s3:// URL';
  const u = new URL(value);
  if (u.protocol === 'file:') {
    const dir = fileURLToPath(u);
    if (!path.isAbsolute(dir)) return 'STORAGE_URL file:// must name an absolute directory';
    return { kind: 'local', dir };
  }
  if (u.protocol !== 's3:') return 'STORAGE_URL must be a file:// or s3:// URL';
  const bucket = u.hostname;
  if (!BUCKET.test(bucket)) return `STORAGE_URL names no valid bucket (got ${JSON.stringify(bucket)})`;
  if (u.username || u.password)
    return 'STORAGE_URL must not carry credentials; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY';
  const segments = decodeURIComponent(u.pathname)
    .split('/')
    .filter((s) => s.length > 0);
  if (segments.some((s) => s === '.' || s === '..')) return 'STORAGE_URL prefix must not contain . or .. segments';
  const prefix = segments.length ? `${segments.join('/')}/` : '';
  const known = new Set(['region', 'endpoint', 'path_style']);
  for (const k of u.searchParams.keys()) {
    if (!known.has(k))
      return `STORAGE_URL has an unknown parameter ${JSON.stringify(k)} (known: region, endpoint, path_style)`;
  }
  const region = u.searchParams.get('region') ?? defaultRegion;
  if (!REGION.test(region)) return 'STORAGE_URL region must be a region name such as eu-west-1 (R2: auto)';
  const endpoint = u.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\//.test(endpoint))
    return 'STORAGE_URL endpoint must be an http:// or https:// URL';
  if (endpoint !== undefined && !URL.canParse(endpoint))
    return 'STORAGE_URL endpoint must be an http:// or https:// URL';
  const style = u.searchParams.get('path_style');
  if (style !== null && style !== '0' && style !== '1') return 'STORAGE_URL path_style must be 0 or 1';
  return {
    kind: 's3',
    bucket,
    prefix,
    region,
    endpoint,
    forcePathStyle: style === null ? endpoint !== undefined : style === '1',
  };
}
