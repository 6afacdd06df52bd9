import type { Readable } from 'node:stream';

/** Where uploaded files live. Local disk by default; an S3-compatible store can implement the same. */
export interface Storage {
  /** Writes the stream under `key`; on failure nothing is left behind. */
  put(key: string, source: Readable): Promise<void>;
  /** The whole file, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** A read stream, or null when there is none. */
  stream(key: string): Promise<Readable | null>;
  /** Size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Renames within the store (used to promote a verified upload). */
  move(from: string, to: string): Promise<void>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
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
