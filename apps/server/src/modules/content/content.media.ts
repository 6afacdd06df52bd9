import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaRef } from '../../db/schema';
import { LocalStorage } from '../../storage/local';

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
  private readonly storage: LocalStorage;
  private readonly done = new Map<string, MediaRef>();

  constructor(
    private readonly baseDir: string,
    filesDir: string,
  ) {
    this.storage = new LocalStorage(filesDir);
  }

  /** The absolute source of a package reference, or null when it points outside what a package may use. */
  sourceOf(ref: string): string | null {
    if (ref.startsWith(`/files/${CONTENT_PREFIX}`)) {
      try {
        return this.storage.pathOf(ref.slice('/files/'.length));
      } catch {
        return null;
      }
    }
    if (path.isAbsolute(ref) || /^[a-z]+:/i.test(ref)) return null;
    const full = path.resolve(this.baseDir, ref);
    return full.startsWith(path.resolve(this.baseDir) + path.sep) ? full : null;
  }

  /** Checks that a reference is a readable, not too large media file; returns the problem or null. */
  async problem(ref: string): Promise<string | null> {
    const src = this.sourceOf(ref);
    if (!src) return `${ref}: must be a path inside the package (or /files/${CONTENT_PREFIX}…)`;
    if (!typeOf(ref)) return `${ref}: unsupported file type`;
    const st = await fs.stat(src).catch(() => null);
    if (!st?.isFile()) return `${ref}: file not found`;
    if (st.size > MAX_MEDIA_BYTES) return `${ref}: larger than ${MAX_MEDIA_BYTES / 1024 / 1024} MB`;
    return null;
  }

  /** Stores the file (if not yet stored) and returns how the player refers to it. */
  async store(ref: string): Promise<MediaRef> {
    const cached = this.done.get(ref);
    if (cached) return cached;
    const src = this.sourceOf(ref);
    const t = typeOf(ref);
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
