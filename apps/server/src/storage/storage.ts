import type { Readable } from 'node:stream';

/** Facts about a stored file. */
export interface StoredFile {
  size: number;
  /** an entity tag for conditional requests, when the store keeps one */
  etag?: string;
  lastModified?: Date;
}

/** A byte range of a file, both ends included (HTTP's `bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live: local disk (local.ts, the default) or an S3-compatible store (s3.ts), chosen by
 * STORAGE_URL (docs/media.md). Both behave the same: writes are all-or-nothing, reads stream, deletes are idempotent.
 * An S3 store that cannot be reached throws StorageUnavailableError (the API answers 503 with Retry-After).
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Writes the stream under `key`; on failure nothing is left behind (no partial file, no multipart parts). */
  put(key: string, source: Readable): Promise<void>;
  /** The whole file, or null when there is none (small files only: images to resize, uploads to inspect). */
  get(key: string): Promise<Buffer | null>;
  /** A read stream (of a range of it), or null when there is none. */
  stream(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Size and entity tag, or null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /** Renames within the store (used to promote a verified upload); copy-then-delete where the store cannot rename. */
  move(from: string, to: string): Promise<void>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every file under a prefix ('' for all), in key order; for the copy tool. */
  list(prefix: string): AsyncIterable<StoredFile & { key: string }>;
  /** Checks at start-up that the store can be written, read and deleted from; throws saying why not. */
  probe(): Promise<void>;
  /** Releases connections. */
  close(): Promise<void>;
}

/** The store could not be reached (network, timeout, 5xx): a passing outage, answered 503 with Retry-After. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

/**
 * True for a key made of plain relative segments: no absolute paths, no `.`/`..`, no dot-files,
 * no backslashes, control characters or percent-escapes (a key is never URL-decoded twice).
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\%\u0000-\u001f\u007f]/.test(key) || key.startsWith('/')) return false;
  return key.split('/').every((seg) => seg.length > 0 && !seg.startsWith('.'));
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  wav: 'audio/wav',
  weba: 'audio/webm',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  ogv: 'video/ogg',
  pdf: 'application/pdf',
  zip: 'application/zip',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** The Content-Type a stored file is served with, from its key's extension (as the static server decides it). */
export function contentTypeOf(key: string): string {
  const dot = key.lastIndexOf('.');
  return (dot >= 0 && TYPES[key.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}
