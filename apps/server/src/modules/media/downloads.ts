import { Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import type { MediaConfig } from '../../config';
import { HttpError } from '../../lib/http-error';
import type { Storage } from '../../storage/storage';
import type { MediaRow } from './media.presenter';
import { downloadName } from './media.service';

const MB = 1024 * 1024;

/** Seconds a client is told to wait when it already has its share of zips being made. */
export const ZIP_RETRY_AFTER_SECONDS = 10;

/**
 * The refusals decided before any byte of a downloads.zip is sent: too many files, or more bytes than one zip may
 * hold (the sizes recorded in the media table). 413, so the client knows to ask for fewer files.
 */
export function checkZipSelection(files: number, bytes: number, caps: MediaConfig['zip']): void {
  if (files > caps.maxFiles) {
    throw new HttpError(413, 'payload_too_large', `A download may hold at most ${caps.maxFiles} files`);
  }
  if (bytes > caps.maxBytes) {
    throw new HttpError(
      413,
      'payload_too_large',
      `A download may hold at most ${Math.floor(caps.maxBytes / MB)} MB; select fewer files`,
    );
  }
}

/** How many zips each user has being made in this process; a user past the cap gets 429 with Retry-After. */
export class ZipSlots {
  private readonly inUse = new Map<number, number>();

  constructor(private readonly perUser: number) {}

  /** Takes a slot of the user's, or throws 429; the returned function gives it back (only once, however often called). */
  take(userId: number): () => void {
    const n = this.inUse.get(userId) ?? 0;
    if (n >= this.perUser) {
      throw new HttpError(
        429,
        'rate_limited',
        `At most ${this.perUser} downloads can be prepared at once; wait for one to finish and retry`,
      );
    }
    this.inUse.set(userId, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inUse.get(userId) ?? 1) - 1;
      if (left > 0) this.inUse.set(userId, left);
      else this.inUse.delete(userId);
    };
  }

  /** Slots in use (for tests). */
  count(userId: number): number {
    return this.inUse.get(userId) ?? 0;
  }
}

/** Two files with one title get `title (2).ext`. */
function uniqueName(name: string, used: Map<string, number>): string {
  const n = (used.get(name) ?? 0) + 1;
  used.set(name, n);
  if (n === 1) return name;
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)} (${n})${name.slice(dot)}`;
}

/**
 * downloads.zip of the rows, made as the client reads it: a file's next chunk is read from storage only when the
 * zip's previous output has been taken (the Readable pulls from the generator only while the response drains), so a
 * client that stops reading stops the reads too — memory stays at a few buffers per download, whatever the selection.
 * Media formats are already compressed: entries are stored, not deflated.
 */
export function zipStream(storage: Storage, rows: MediaRow[]): Readable {
  async function* generate(): AsyncGenerator<Buffer> {
    const out: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((err, chunk) => {
      if (err) failure = err;
      else out.push(chunk);
    });
    function* drain(): Generator<Buffer> {
      if (failure) throw failure;
      while (out.length > 0) {
        const c = out.shift() as Uint8Array;
        yield Buffer.from(c.buffer, c.byteOffset, c.byteLength);
      }
    }
    const used = new Map<string, number>();
    for (const m of rows) {
      const entry = new ZipPassThrough(uniqueName(downloadName(m), used));
      zip.add(entry);
      const src = await storage.stream(m.storageKey);
      try {
        if (src) {
          for await (const chunk of src as AsyncIterable<Buffer>) {
            entry.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            yield* drain();
          }
        }
      } finally {
        // a client gone mid-file ends the generator here: close the file
        src?.destroy();
      }
      entry.push(new Uint8Array(0), true);
      yield* drain();
    }
    zip.end();
    yield* drain();
  }
  return Readable.from(generate(), { objectMode: false, highWaterMark: 64 * 1024 });
}
