import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The resized-image cache's index: every variant file this process knows, least recently used first, with its bytes.
 * Kept under `maxBytes` (IMAGE_CACHE_MB): adding a variant evicts the least recently used ones until the total fits.
 * Seeded from the disk on first use (oldest modification first), so a restart keeps the bound. Each process keeps its
 * own index of one shared directory: with several processes the directory holds at most that many times the bound.
 */
export class ImageCacheIndex {
  /** file → bytes, in use order (a Map iterates in insertion order: delete + set moves a file to the end) */
  private readonly files = new Map<string, number>();
  private total = 0;
  private seeded: Promise<void> | null = null;

  constructor(
    private readonly root: string,
    readonly maxBytes: number,
  ) {}

  /** Bytes of the variants known to this process. */
  get bytes(): number {
    return this.total;
  }

  private seed(): Promise<void> {
    this.seeded ??= (async () => {
      const entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
      const found: { file: string; size: number; mtime: number }[] = [];
      for (const e of entries) {
        if (!e.isFile() || e.name.endsWith('.part')) continue;
        const file = path.join(e.parentPath, e.name);
        const st = await fs.stat(file).catch(() => null);
        if (st) found.push({ file, size: st.size, mtime: st.mtimeMs });
      }
      found.sort((a, b) => a.mtime - b.mtime);
      for (const f of found) if (!this.files.has(f.file)) this.set(f.file, f.size);
      await this.evict();
    })();
    return this.seeded;
  }

  private set(file: string, size: number) {
    const old = this.files.get(file);
    if (old !== undefined) {
      this.files.delete(file);
      this.total -= old;
    }
    this.files.set(file, size);
    this.total += size;
  }

  /** A variant was read (a hit): it becomes the most recently used. */
  async touch(file: string, size: number): Promise<void> {
    await this.seed();
    this.set(file, size);
  }

  /** A variant was written: recorded as the most recently used, then the least recently used evicted past the bound. */
  async add(file: string, size: number): Promise<void> {
    await this.seed();
    this.set(file, size);
    await this.evict();
  }

  /** A variant is gone (its image deleted, or missing on a read). */
  forget(file: string): void {
    const n = this.files.get(file);
    if (n === undefined) return;
    this.files.delete(file);
    this.total -= n;
  }

  private async evict(): Promise<void> {
    const gone: string[] = [];
    for (const [file, size] of this.files) {
      if (this.total <= this.maxBytes) break;
      this.files.delete(file);
      this.total -= size;
      gone.push(file);
    }
    await Promise.all(gone.map((f) => fs.rm(f, { force: true })));
  }
}
