// zod-free on purpose: the web imports this and must not pull zod into its first route

/** The only bucket the image service knows: the storage root that /files/ also serves. */
export const IMAGE_BUCKET = 'files';

/** Resized output stays within this many pixels per side; larger requests are refused. */
export const MAX_IMAGE_DIMENSION = 4000;

export const IMAGE_FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const;
export type ImageFit = (typeof IMAGE_FITS)[number];

/** Edits of an image request; the server validates them with imageEditsSchema (api/image.ts). */
export interface ImageEdits {
  resize?: { width?: number; height?: number; fit?: ImageFit };
}

/** The image-resizing request of §7, encoded into the URL path. */
export interface ImageRequest {
  bucket: string;
  key: string;
  edits?: ImageEdits;
}

/** The sizes the app asks for (§7, §9), so every screen requests the same cached variants. */
export const IMAGE_SIZES = {
  media: { resize: { width: 600, height: 400, fit: 'inside' } },
  reward: { resize: { width: 160, height: 160, fit: 'cover' } },
  backgroundLandscape: { resize: { width: 1600, height: 900, fit: 'cover' } },
  backgroundPortrait: { resize: { width: 900, height: 1600, fit: 'cover' } },
} as const satisfies Record<string, ImageEdits>;

/** Thumbnail widths of §9. */
export const THUMBNAIL_WIDTHS = [24, 32, 36, 40, 48, 80, 200, 250] as const;

/** Square avatars of §7 (50 or 48; 48 is a thumbnail width already). */
const AVATAR_SQUARES = [50] as const;

/**
 * Whether the image service makes this variant: the original (no edits), a size of IMAGE_SIZES, or a square cover
 * thumbnail of a §9 width (or a §7 avatar). Only these are made and cached, so a request cannot fill the cache with
 * sizes nobody shows; every size the app asks for (thumbnail(), IMAGE_SIZES) is one of them.
 */
export function isServedImageSize(edits: ImageEdits | undefined): boolean {
  const r = edits?.resize;
  if (!r) return true;
  const fit = r.fit ?? 'cover';
  if (
    Object.values(IMAGE_SIZES).some(
      (s) => s.resize.width === r.width && s.resize.height === r.height && s.resize.fit === fit,
    )
  ) {
    return true;
  }
  const squares: readonly number[] = [...THUMBNAIL_WIDTHS, ...AVATAR_SQUARES];
  return fit === 'cover' && r.width === r.height && r.width !== undefined && squares.includes(r.width);
}

const FILES_PREFIX = '/files/';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  // base64 has '=' only as its closing padding: dropping every '=' drops the padding, without a `/=+$/` scan
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '');
}

/** Decodes the path segment of an image URL; null when it is not base64url JSON. */
export function decodeImageRequest(encoded: string): unknown {
  if (!/^[A-Za-z0-9_-]{1,2048}$/.test(encoded)) return null;
  try {
    const bin = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
}

/** The storage key behind a /files/ URL (without its query), or null for any other URL (external, data:, ...). */
export function storageKeyOf(url: string): string | null {
  return url.startsWith(FILES_PREFIX) ? url.slice(FILES_PREFIX.length).split(/[?#]/)[0] : null;
}

/**
 * URL of a resized image: /img/{base64url(JSON {bucket, key, edits})}.
 * `keyOrUrl` may be a storage key or a /files/ URL; other URLs are returned unchanged (nothing to resize).
 * A signed /files URL (a private file: `?exp=…&sig=…`, docs/security.md) keeps its query: the signature covers
 * every resized copy of the file.
 */
export function imageUrl(keyOrUrl: string, edits?: ImageEdits): string {
  let key = keyOrUrl;
  let query = '';
  if (/^([a-z]+:|\/\/)/i.test(keyOrUrl)) return keyOrUrl;
  if (keyOrUrl.startsWith('/')) {
    const k = storageKeyOf(keyOrUrl);
    if (k === null) return keyOrUrl;
    key = k;
    const q = /\?[^#]*/.exec(keyOrUrl);
    if (q && q[0].length > 1) query = q[0];
  }
  const request: ImageRequest = edits ? { bucket: IMAGE_BUCKET, key, edits } : { bucket: IMAGE_BUCKET, key };
  return `/img/${toBase64Url(JSON.stringify(request))}${query}`;
}

/** The §9 thumbnail width for an image shown `px` wide: the smallest that covers it, else the largest. */
export function thumbnailWidth(px: number): number {
  return THUMBNAIL_WIDTHS.find((w) => w >= px) ?? THUMBNAIL_WIDTHS[THUMBNAIL_WIDTHS.length - 1];
}

/**
 * A square thumbnail of a stored image shown `px` wide, at the §9 widths: `src` for 1x screens and a `srcSet` with
 * the 2x width, both through the image service (cover crop). Other URLs (external, data) are returned as they are.
 */
export function thumbnail(url: string, px: number): { src: string; srcSet?: string } {
  const at = (w: number) => imageUrl(url, { resize: { width: w, height: w, fit: 'cover' } });
  const one = at(thumbnailWidth(px));
  // imageUrl leaves what the image service cannot resize as it is
  if (one === url) return { src: url };
  const two = thumbnailWidth(px * 2);
  return { src: one, srcSet: two === thumbnailWidth(px) ? undefined : `${one} 1x, ${at(two)} 2x` };
}
