import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { BIDI_CONTROLS } from '@cairn/shared/text';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import type { MediaConfig } from '../../config';
import { HttpError } from '../../lib/http-error';
import type { Storage } from '../../storage/storage';
import type { UploadBudget } from './quota.service';
import { type FileType, SNIFF_BYTES, sniff, ZIP_CANDIDATE, zipType } from './sniff';

/** A received file, verified and stored under a temporary key, not yet in the table. */
export interface PendingUpload {
  uploadKey: string;
  type: FileType;
  size: number;
  title: string;
  width: number | null;
  height: number | null;
}

export const tooLarge = (kind: string, limit: number) =>
  new HttpError(413, 'payload_too_large', `The ${kind} may not be greater than ${Math.floor(limit / 1024)} kilobytes`);
export const notAccepted = () =>
  new HttpError(415, 'unsupported_media_type', 'The file type is not allowed (judged from its content)');

/** Random, so stored URLs cannot be guessed; hex, so a key never needs escaping. */
export const randomId = () => randomBytes(16).toString('hex');

/** A display title from a client file name: no path, no extension, no control or bidirectional characters. */
export function titleFrom(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const stem = base.replace(/\.[^.]*$/, '');
  const clean = stem
    // biome-ignore lint/suspicious/noControlCharactersInRegex: names come from the client
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(BIDI_CONTROLS, '')
    .trim()
    .slice(0, 200);
  return clean || 'file';
}

/**
 * Streams one file to storage while judging its type from the first bytes and counting its size
 * against the limit of that type; anything refused leaves nothing stored.
 */
export async function receiveFile(
  storage: Storage,
  limits: MediaConfig['limits'],
  file: Readable,
  filename: string | undefined,
  /** the quota and disk room left to the request (shared by its files); refused as soon as a file outgrows it */
  budget?: UploadBudget,
): Promise<PendingUpload> {
  const uploadKey = `uploads/${randomId()}`;
  let type: FileType | typeof ZIP_CANDIDATE | null = null;
  let size = 0;
  const maxLimit = Math.max(...Object.values(limits));

  const limitOf = (t: FileType | typeof ZIP_CANDIDATE) => (t === ZIP_CANDIDATE ? limits.file : limits[t.kind]);
  const judge = async (head: Buffer) => {
    type = await sniff(head, filename);
    if (!type) throw notAccepted();
  };

  async function* inspected(): AsyncGenerator<Buffer> {
    let head: Buffer[] = [];
    let headLen = 0;
    for await (const chunk of file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (budget) {
        budget.left -= chunk.length;
        if (budget.left < 0) throw budget.refuse();
      }
      const limit = type ? limitOf(type) : maxLimit;
      if (size > limit) throw tooLarge(type && type !== ZIP_CANDIDATE ? type.kind : 'file', limit);
      if (type) {
        yield chunk;
        continue;
      }
      head.push(chunk);
      headLen += chunk.length;
      if (headLen >= SNIFF_BYTES) {
        const all = Buffer.concat(head);
        await judge(all.subarray(0, SNIFF_BYTES));
        const t = type as unknown as FileType | typeof ZIP_CANDIDATE;
        if (size > limitOf(t)) throw tooLarge(t === ZIP_CANDIDATE ? 'file' : t.kind, limitOf(t));
        head = [];
        yield all;
      }
    }
    if (!type) {
      const all = Buffer.concat(head);
      if (all.length === 0) throw new HttpError(422, 'validation_failed', 'The file is empty');
      await judge(all);
      yield all;
    }
  }

  try {
    await storage.put(uploadKey, Readable.from(inspected()));
  } catch (err) {
    // keep reading the request so the client gets the answer instead of a reset connection
    file.resume();
    throw err;
  }
  try {
    const judged = await confirm(storage, uploadKey, type as unknown as FileType | typeof ZIP_CANDIDATE);
    return { uploadKey, size, title: titleFrom(filename), ...judged };
  } catch (err) {
    await storage.delete(uploadKey);
    throw err;
  }
}

/** The checks that need the whole file: Office zips' entry names, and images' real dimensions. */
async function confirm(
  storage: Storage,
  key: string,
  type: FileType | typeof ZIP_CANDIDATE,
): Promise<{ type: FileType; width: number | null; height: number | null }> {
  if (type === ZIP_CANDIDATE) {
    const buf = await storage.get(key);
    const names: string[] = [];
    try {
      unzipSync(new Uint8Array(buf ?? []), {
        filter: (f) => {
          names.push(f.name);
          return false;
        },
      });
    } catch {
      throw notAccepted();
    }
    const office = zipType(names);
    if (!office) throw notAccepted();
    return { type: office, width: null, height: null };
  }
  if (type.kind !== 'image') return { type, width: null, height: null };
  const buf = await storage.get(key);
  try {
    const meta = await sharp(buf ?? Buffer.alloc(0)).metadata();
    // EXIF orientations 5-8 swap the displayed sides
    const swapped = (meta.orientation ?? 1) >= 5;
    return {
      type,
      width: (swapped ? meta.height : meta.width) ?? null,
      height: (swapped ? meta.width : meta.height) ?? null,
    };
  } catch {
    throw notAccepted();
  }
}
