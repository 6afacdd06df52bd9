import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { Storage, StoredFile } from './storage';

export interface CopyReport {
  copied: number;
  /** already at the destination with the same size and checksum (a resumed run) */
  skipped: number;
  failed: { key: string; reason: string }[];
  bytes: number;
}

/** A single-part S3 ETag is the object's MD5; multipart ones ("…-N") and local files have none to compare. */
const MD5_ETAG = /^"?([0-9a-f]{32})"?$/;

async function md5Of(storage: Storage, key: string): Promise<string | null> {
  const body = await storage.stream(key);
  if (!body) return null;
  const h = createHash('md5');
  for await (const chunk of body) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** The destination's MD5: from its ETag when that is one, else by reading it back. */
async function destinationMd5(to: Storage, key: string, stat: StoredFile): Promise<string | null> {
  const m = stat.etag ? MD5_ETAG.exec(stat.etag) : null;
  return m ? m[1] : md5Of(to, key);
}

/**
 * Copies every file of `from` (under `prefix`) to `to`, one at a time, streaming. Resumable: a file already at the
 * destination with the same size and MD5 is skipped, anything else (missing, shorter, different bytes) is copied
 * again. Each copy is verified after writing (size and MD5); a mismatch is a failure, reported, never skipped
 * silently. Nothing is deleted from `from`.
 */
export async function copyStore(
  from: Storage,
  to: Storage,
  opts: { prefix?: string; log?: (line: string) => void } = {},
): Promise<CopyReport> {
  const log = opts.log ?? (() => {});
  const report: CopyReport = { copied: 0, skipped: 0, failed: [], bytes: 0 };
  for await (const file of from.list(opts.prefix ?? '')) {
    try {
      const there = await to.stat(file.key);
      if (there && there.size === file.size) {
        const [src, dst] = await Promise.all([md5Of(from, file.key), destinationMd5(to, file.key, there)]);
        if (src !== null && src === dst) {
          report.skipped++;
          continue;
        }
      }
      const body = await from.stream(file.key);
      if (!body) continue; // removed since it was listed
      const hash = createHash('md5');
      let size = 0;
      const counted = body.pipe(
        new Transform({
          transform(chunk: Buffer, _enc, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        }),
      );
      body.on('error', (err) => counted.destroy(err));
      await to.put(file.key, Readable.from(counted));
      const sent = hash.digest('hex');
      const written = await to.stat(file.key);
      const check = written ? await destinationMd5(to, file.key, written) : null;
      if (!written || written.size !== size || check !== sent) {
        throw new Error(`verification failed (wrote ${written?.size ?? 'nothing'} of ${size} bytes)`);
      }
      report.copied++;
      report.bytes += size;
      log(`copied ${file.key} (${size} bytes)`);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      report.failed.push({ key: file.key, reason });
      log(`FAILED ${file.key}: ${reason}`);
    }
  }
  return report;
}
