import { IMAGE_SIZES, type MediaObject } from '@cairn/shared';
import type { media } from '../../db/schema';
import { fileHref, imageHref } from '../../lib/file-urls';

export type MediaRow = typeof media.$inferSelect;

/** The file's extension as stored (it comes from the sniffed type). */
export function extOf(storageKey: string): string {
  const m = /\.([a-z0-9]+)$/.exec(storageKey);
  return m ? m[1] : 'bin';
}

/** Row → the §3 media object; images get resized variants through the image service. URLs are signed (private). */
export function presentMedia(m: MediaRow): MediaObject {
  const url = fileHref(m.storageKey);
  const isImage = m.kind === 'image';
  return {
    id: m.id,
    title: m.title,
    url,
    type: m.kind,
    thumbnails: isImage
      ? {
          small: imageHref(m.storageKey, { resize: { width: 200, height: 200, fit: 'cover' } }),
          medium: imageHref(m.storageKey, IMAGE_SIZES.media),
        }
      : {},
    useThumb: isImage,
    metadata: {
      src_url: url,
      mimetype: m.mimetype,
      src_mimetype: m.mimetype,
      isPortrait: m.width !== null && m.height !== null && m.height > m.width,
    },
  };
}
