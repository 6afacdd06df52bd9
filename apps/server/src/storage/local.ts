import { randomBytes } from 'node:crypto';
import { createWriteStream, type Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, isSafeKey, type Storage, type StoredFile } from './storage';

/** Files on local disk under `root` (DATA_DIR/files, which /files/ serves). */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  /** Absolute path of a key; throws for keys that could leave the root. */
  pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error('storage key leaves the root');
    return full;
  }

  async put(key: string, source: Readable): Promise<void> {
    const full = this.pathOf(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    // write beside the target and rename, so readers never see half a file
    const tmp = `${full}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(source, createWriteStream(tmp, { flags: 'wx' }));
      await fs.rename(tmp, full);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    return fs.readFile(this.pathOf(key)).catch(() => null);
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    const full = this.pathOf(key);
    // open first so a missing file is a null, not a stream error later; the stream owns (and closes) the handle —
    // a bare fd taken from a FileHandle would be closed twice, the second time by the handle's GC
    const handle = await fs.open(full, 'r').catch(() => null);
    if (!handle) return null;
    return range ? handle.createReadStream({ start: range.start, end: range.end }) : handle.createReadStream();
  }

  async size(key: string): Promise<number | null> {
    return (await this.stat(key))?.size ?? null;
  }

  async stat(key: string): Promise<StoredFile | null> {
    const st = await fs.stat(this.pathOf(key)).catch(() => null);
    return st?.isFile() ? { size: st.size, lastModified: st.mtime } : null;
  }

  async move(from: string, to: string): Promise<void> {
    const target = this.pathOf(to);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(this.pathOf(from), target);
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredFile & { key: string }> {
    // depth first, names sorted, so keys come in order and a resumed copy sees them the same way
    const walk = async function* (
      self: LocalStorage,
      dir: string,
      rel: string,
    ): AsyncIterable<StoredFile & { key: string }> {
      const entries: Dirent[] = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const e of entries) {
        const key = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) yield* walk(self, path.join(dir, e.name), key);
        else if (e.isFile() && isSafeKey(key) && key.startsWith(prefix) && !e.name.endsWith('.part')) {
          const st = await self.stat(key);
          if (st) yield { key, ...st };
        }
      }
    };
    yield* walk(this, this.root, '');
  }

  async probe(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
  }

  async close(): Promise<void> {}
}
