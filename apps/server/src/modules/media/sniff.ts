import type { MediaKind } from '../../db/schema';

/** What a file is, judged from its bytes. */
export interface FileType {
  kind: MediaKind;
  mimetype: string;
  ext: string;
}

/** Bytes needed to tell every accepted type apart (the zip family needs the whole file, see zipType). */
export const SNIFF_BYTES = 4096;

const t = (kind: MediaKind, mimetype: string, ext: string): FileType => ({ kind, mimetype, ext });

const startsWith = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, at: number, len: number) => b.subarray(at, at + len).toString('latin1');

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** The zip marker: the caller must confirm an Office document with zipType() on the whole file. */
export const ZIP_CANDIDATE = 'zip' as const;

/**
 * Judges the first bytes of a file. Returns null when the type is not accepted.
 * The name is only a hint between types the bytes cannot separate (legacy OLE doc/xls/ppt).
 */
export function sniff(head: Buffer, name = ''): FileType | typeof ZIP_CANDIDATE | null {
  if (head.length < 4) return looksLikeText(head) && head.length > 0 ? t('file', 'text/plain', 'txt') : null;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return t('image', 'image/jpeg', 'jpg');
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return t('image', 'image/png', 'png');
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return t('image', 'image/gif', 'gif');
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return t('image', 'image/webp', 'webp');
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return t('audio', 'audio/wav', 'wav');
  if (ascii(head, 0, 5) === '%PDF-') return t('file', 'application/pdf', 'pdf');
  if (ascii(head, 0, 4) === 'OggS') return t('audio', 'audio/ogg', 'ogg');
  if (ascii(head, 0, 3) === 'ID3') return t('audio', 'audio/mpeg', 'mp3');
  // an MPEG audio frame header: 11 sync bits, then a valid version/layer
  if (head[0] === 0xff && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x06) !== 0 && (head[1] & 0x18) !== 0x08)
    return t('audio', 'audio/mpeg', 'mp3');
  if (ascii(head, 4, 4) === 'ftyp') {
    const brand = ascii(head, 8, 4);
    if (brand === 'qt  ') return t('video', 'video/quicktime', 'mov');
    if (brand.startsWith('M4A')) return t('audio', 'audio/mp4', 'm4a');
    return t('video', 'video/mp4', 'mp4');
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return t('video', 'video/webm', 'webm');
  if (startsWith(head, OLE)) {
    const ext = name.toLowerCase().split('.').pop();
    if (ext === 'xls') return t('file', 'application/vnd.ms-excel', 'xls');
    if (ext === 'ppt') return t('file', 'application/vnd.ms-powerpoint', 'ppt');
    return t('file', 'application/msword', 'doc');
  }
  if (startsWith(head, ZIP)) return ZIP_CANDIDATE;
  return looksLikeText(head) ? t('file', 'text/plain', 'txt') : null;
}

/** Office Open XML (docx/xlsx/pptx) from the zip's entry names; null for any other zip. */
export function zipType(entryNames: string[]): FileType | null {
  if (!entryNames.includes('[Content_Types].xml')) return null;
  const has = (prefix: string) => entryNames.some((n) => n.startsWith(prefix));
  if (has('word/')) return t('file', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx');
  if (has('xl/')) return t('file', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx');
  if (has('ppt/'))
    return t('file', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx');
  return null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 without NULs or control characters other than tab, newlines and form feed. */
export function looksLikeText(head: Buffer): boolean {
  // a multi-byte character may be cut at the end of the sample
  let end = head.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = head[end - i];
    if ((b & 0xc0) === 0xc0) {
      end -= i;
      break;
    }
    if ((b & 0x80) === 0) break;
  }
  let text: string;
  try {
    text = utf8.decode(head.subarray(0, end));
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: binary data shows up as control characters
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}
