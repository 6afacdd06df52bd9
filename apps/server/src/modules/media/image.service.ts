import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { decodeImageRequest, IMAGE_BUCKET, type ImageEdits, imageRequestSchema } from '@cairn/shared';
import sharp from 'sharp';
import { HttpError, notFound } from '../../lib/http-error';
import { isSafeKey, type Storage } from '../../storage/storage';
import { imageCacheDirOf } from './media.service';
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
  return { key, edits: edits ?? {} };
}

/** Serves resized images from the disk cache, making and storing them on a miss. */
export class ImageService {
  constructor(
    private readonly storage: Storage,
    private readonly cacheRoot: string,
  ) {}

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
    await fs.mkdir(path.dirname(file), { recursive: true });
    // rename is atomic: a concurrent reader sees the old state or the whole file
    const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
    return { body, contentType: CONTENT_TYPE[format], etag };
  }
}
