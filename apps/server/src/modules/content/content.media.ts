import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaRef } from '../../db/schema';
import { isSafeKey, LocalStorage, type Storage } from '../../storage';

const MIME: Record<string, { kind: MediaRef['type']; mimetype: string }> = {
  png: { kind: 'image', mimetype: 'image/png' },
  jpg: { kind: 'image', mimetype: 'image/jpeg' },
  jpeg: { kind: 'image', mimetype: 'image/jpeg' },
  gif: { kind: 'image', mimetype: 'image/gif' },
  webp: { kind: 'image', mimetype: 'image/webp' },
  svg: { kind: 'image', mimetype: 'image/svg+xml' },
  wav: { kind: 'audio', mimetype: 'audio/wav' },
  ogg: { kind: 'audio', mimetype: 'audio/ogg' },
  mp3: { kind: 'audio', mimetype: 'audio/mpeg' },
  mp4: { kind: 'video', mimetype: 'video/mp4' },
  webm: { kind: 'video', mimetype: 'video/webm' },
};
/** Where imported package media live in storage (and so under /files/). */
export const CONTENT_PREFIX = 'content/';
/** The largest single media file a package may carry. */
export const MAX_MEDIA_BYTES = 20 * 1024 * 1024;

function typeOf(file: string) {
  return MIME[path.extname(file).slice(1).toLowerCase()] ?? null;
}

/** The media kind a file name stands for, or null when it is not a supported media file. */
export function mediaKindOf(file: string): MediaRef['type'] | null {
  return typeOf(file)?.kind ?? null;
}

/** Copies package media into storage once per content (content-addressed keys, so re-imports reuse files). */
export class ContentMedia {
  private readonly storage: Storage;
  private readonly done = new Map<string, MediaRef>();

  constructor(
    private readonly baseDir: string,
    files: string | Storage,
  ) {
    this.storage = typeof files === 'string' ? new LocalStorage(files) : files;
  }

  /** The storage key of a reference to media already stored (`/files/content/…`), or null for any other. */
  private storedKey(ref: string): string | null {
    if (!ref.startsWith(`/files/${CONTENT_PREFIX}`)) return null;
    const key = ref.slice('/files/'.length);
    return isSafeKey(key) ? key : null;
  }

  /** The absolute source of a package reference, or null when it points outside what a package may use. */
  sourceOf(ref: string): string | null {
    if (ref.startsWith('/files/')) return null;
    if (path.isAbsolute(ref) || /^[a-z]+:/i.test(ref)) return null;
    const full = path.resolve(this.baseDir, ref);
    return full.startsWith(path.resolve(this.baseDir) + path.sep) ? full : null;
  }

  /** Checks that a reference is a readable, not too large media file; returns the problem or null. */
  async problem(ref: string): Promise<string | null> {
    const stored = this.storedKey(ref);
    const src = stored ? null : this.sourceOf(ref);
    if (!stored && !src) return `${ref}: must be a path inside the package (or /files/${CONTENT_PREFIX}…)`;
    if (!typeOf(ref)) return `${ref}: unsupported file type`;
    const size = stored ? await this.storage.size(stored) : await statSize(src as string);
    if (size === null) return `${ref}: file not found`;
    if (size > MAX_MEDIA_BYTES) return `${ref}: larger than ${MAX_MEDIA_BYTES / 1024 / 1024} MB`;
    return null;
  }

  /** Stores the file (if not yet stored) and returns how the player refers to it. */
  async store(ref: string): Promise<MediaRef> {
    const cached = this.done.get(ref);
    if (cached) return cached;
    const t = typeOf(ref);
    const stored = this.storedKey(ref);
    if (stored && t) {
      // already in storage under its content hash: referred to as it is
      const out: MediaRef = { type: t.kind, url: ref, metadata: { mimetype: t.mimetype, src_url: ref } };
      this.done.set(ref, out);
      return out;
    }
    const src = this.sourceOf(ref);
    if (!src || !t) throw new Error(`bad media reference ${ref}`);
    const bytes = await fs.readFile(src);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    const name = path
      .basename(ref)
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '-')
      .replace(/^\.+/, '');
    const key = `${CONTENT_PREFIX}${hash}/${name || 'file'}`;
    if ((await this.storage.size(key)) !== bytes.length) await this.storage.put(key, createReadStream(src));
    const url = `/files/${key}`;
    const out: MediaRef = { type: t.kind, url, metadata: { mimetype: t.mimetype, src_url: url } };
    this.done.set(ref, out);
    return out;
  }
}

async function statSize(file: string): Promise<number | null> {
  const st = await fs.stat(file).catch(() => null);
  return st?.isFile() ? st.size : null;
}
