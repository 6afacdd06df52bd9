import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  decodeImageRequest,
  IMAGE_BUCKET,
  type ImageEdits,
  imageRequestSchema,
  isServedImageSize,
} from '@cairn/shared';
import sharp from 'sharp';
import { HttpError, notFound, validationError } from '../../lib/http-error';
import { isSafeKey, type Storage } from '../../storage/storage';
import { ImageCacheIndex } from './image-cache';
import { imageCacheDirOf, variantPrefixOf } from './media.service';
import { sniff } from './sniff';

export interface ImageResult {
  body: Buffer;
  contentType: string;
  etag: string;
}

type OutFormat = 'jpeg' | 'png' | 'webp';
const CONTENT_TYPE: Record<OutFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const badRequest = (message: string) => new HttpError(400, 'validation_failed', message);

/** Same format as the source, except GIF, whose first frame becomes a PNG. */
function formatFor(key: string): OutFormat {
  const ext = path.extname(key).toLowerCase();
  if (ext === '.jpg' || ext === '.jpeg') return 'jpeg';
  if (ext === '.webp') return 'webp';
  return 'png';
}

/** Parses /img/{encoded}; every malformed request is a 400, an unknown bucket a 404. */
export function parseImageRequest(encoded: string): { key: string; edits: ImageEdits } {
  const raw = decodeImageRequest(encoded);
  if (raw === null) throw badRequest('The image request is not base64url-encoded JSON');
  const parsed = imageRequestSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(`Invalid image request: ${parsed.error.issues[0]?.message ?? 'bad shape'}`);
  const { bucket, key, edits } = parsed.data;
  if (bucket !== IMAGE_BUCKET) throw notFound('Unknown bucket');
  if (!isSafeKey(key)) throw badRequest('Invalid image key');
  // only the sizes the app shows are made and cached (a request cannot fill the cache with arbitrary variants)
  if (!isServedImageSize(edits)) {
    throw validationError({ edits: { rule: 'oneOf', params: { values: 'the image sizes of docs/media.md' } } });
  }
  return { key, edits: edits ?? {} };
}

/** A parsed image request with its variant: what a cache hit needs, with nothing left to compute. */
export interface ResolvedImage {
  key: string;
  edits: ImageEdits;
  file: string;
  etag: string;
  contentType: string;
}

/** How many parsed requests each process remembers (a few hundred bytes each). */
const RESOLVED_MAX = 10_000;

/** Serves resized images from the disk cache, making and storing them on a miss. */
export class ImageService {
  /** encoded request → its parse and variant (both depend only on the request), oldest first */
  private readonly resolved = new Map<string, ResolvedImage>();

  /** the cache's files, kept under IMAGE_CACHE_MB */
  readonly cache: ImageCacheIndex;

  constructor(
    private readonly storage: Storage,
    private readonly cacheRoot: string,
    maxCacheBytes: number,
  ) {
    this.cache = new ImageCacheIndex(cacheRoot, maxCacheBytes);
  }

  /**
   * Parses /img/{encoded} and names its variant, remembered per process: a repeated request skips the base64, JSON,
   * schema and hash work (the bytes are still read from the disk cache every time, so a deleted image is gone at
   * once in every process). Malformed requests throw as parseImageRequest does and are not remembered.
   */
  resolve(encoded: string): ResolvedImage {
    const known = this.resolved.get(encoded);
    if (known) return known;
    const { key, edits } = parseImageRequest(encoded);
    const { file, etag, format } = this.variant(key, edits);
    const r = { key, edits, file, etag, contentType: CONTENT_TYPE[format] };
    if (this.resolved.size >= RESOLVED_MAX) this.resolved.delete(this.resolved.keys().next().value!);
    this.resolved.set(encoded, r);
    return r;
  }

  /**
   * The cached bytes of a variant, or null on a miss. With an S3 store this node's cache sits in front of the
   * variants kept in the store: a hit is served only while the original is still stored (a file deleted through
   * another instance is gone here at once, not when this node's cache forgets it).
   */
  async cached(r: ResolvedImage): Promise<Buffer | null> {
    const body = await fs.readFile(r.file).catch(() => null);
    if (body && this.storage.kind === 's3' && (await this.storage.size(r.key)) === null) {
      await fs.rm(r.file, { force: true });
      this.cache.forget(r.file);
      return null;
    }
    if (body) await this.cache.touch(r.file, body.length);
    else this.cache.forget(r.file);
    return body;
  }

  /** Where a variant is kept in an S3 store (shared by every instance), beside this node's cache file. */
  private storeKeyOf(key: string, file: string): string {
    return `${variantPrefixOf(key)}${path.basename(file)}`;
  }

  /** Writes a variant to this node's cache (atomic rename: a concurrent reader sees nothing or the whole file). */
  private async keep(file: string, body: Buffer): Promise<void> {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
    await this.cache.add(file, body.length);
  }

  /** The cache file and ETag of one variant; both depend only on the key and the edits. */
  variant(key: string, edits: ImageEdits) {
    const r = edits.resize;
    const canonical = r ? `${r.width ?? ''}x${r.height ?? ''}:${r.fit ?? 'cover'}` : 'original';
    const format = formatFor(key);
    const hash = createHash('sha256').update(`${key}\n${canonical}\n${format}`).digest('hex');
    const file = path.join(imageCacheDirOf(this.cacheRoot, key), `${hash.slice(0, 32)}.${format}`);
    return { file, etag: `"${hash.slice(0, 32)}"`, format };
  }

  async render(key: string, edits: ImageEdits): Promise<ImageResult> {
    const { file, etag, format } = this.variant(key, edits);
    const cached = await fs.readFile(file).catch(() => null);
    if (cached) return { body: cached, contentType: CONTENT_TYPE[format], etag };

    const shared = this.storage.kind === 's3' ? this.storeKeyOf(key, file) : null;
    if (shared) {
      // another instance rendered it already: the same bytes, not a second rendering (while the original exists)
      const [made, original] = await Promise.all([this.storage.get(shared), this.storage.size(key)]);
      if (made && original !== null) {
        await this.keep(file, made);
        return { body: made, contentType: CONTENT_TYPE[format], etag };
      }
    }
    const source = await this.storage.get(key);
    if (!source) throw notFound('Image not found');
    const type = await sniff(source.subarray(0, 4100));
    if (!type || type === 'zip' || type.kind !== 'image') throw badRequest('Not an image');
    let body: Buffer;
    try {
      let pipeline = sharp(source, { limitInputPixels: 64_000_000, failOn: 'error' }).rotate();
      const r = edits.resize;
      if (r) pipeline = pipeline.resize({ width: r.width, height: r.height, fit: r.fit ?? 'cover' });
      body = await pipeline.toFormat(format).toBuffer();
    } catch {
      throw badRequest('The image cannot be decoded');
    }
    if (shared) await this.storage.put(shared, Readable.from([body]));
    await this.keep(file, body);
    return { body, contentType: CONTENT_TYPE[format], etag };
  }
}
