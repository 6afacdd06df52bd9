import { fileTypeFromBuffer } from 'file-type';
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

/** What file-type names by extension → the type Cairn accepts and stores (our mimetypes stay stable). */
const ACCEPTED: Record<string, FileType> = {
  jpg: t('image', 'image/jpeg', 'jpg'),
  png: t('image', 'image/png', 'png'),
  gif: t('image', 'image/gif', 'gif'),
  webp: t('image', 'image/webp', 'webp'),
  wav: t('audio', 'audio/wav', 'wav'),
  mp3: t('audio', 'audio/mpeg', 'mp3'),
  ogg: t('audio', 'audio/ogg', 'ogg'),
  oga: t('audio', 'audio/ogg', 'ogg'),
  opus: t('audio', 'audio/ogg', 'ogg'),
  m4a: t('audio', 'audio/mp4', 'm4a'),
  mp4: t('video', 'video/mp4', 'mp4'),
  m4v: t('video', 'video/mp4', 'mp4'),
  mov: t('video', 'video/quicktime', 'mov'),
  webm: t('video', 'video/webm', 'webm'),
  pdf: t('file', 'application/pdf', 'pdf'),
  docx: t('file', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'),
  xlsx: t('file', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'),
  pptx: t('file', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx'),
};

/** The zip marker: the caller must confirm an Office document with zipType() on the whole file. */
export const ZIP_CANDIDATE = 'zip' as const;

/**
 * Judges the first bytes of a file with `file-type` (magic numbers, maintained upstream). Returns null when the
 * type is not accepted. The name is only a hint between types the bytes cannot separate (legacy OLE
 * doc/xls/ppt, which file-type reports as one compound-file type); bytes no signature matches are accepted as
 * plain text only when they are clean UTF-8.
 */
export async function sniff(head: Buffer, name = ''): Promise<FileType | typeof ZIP_CANDIDATE | null> {
  if (head.length === 0) return null;
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  if (!found) return looksLikeText(head) ? t('file', 'text/plain', 'txt') : null;
  if (found.ext === 'zip') return ZIP_CANDIDATE;
  if (found.ext === 'cfb') {
    const ext = name.toLowerCase().split('.').pop();
    if (ext === 'xls') return t('file', 'application/vnd.ms-excel', 'xls');
    if (ext === 'ppt') return t('file', 'application/vnd.ms-powerpoint', 'ppt');
    return t('file', 'application/msword', 'doc');
  }
  return ACCEPTED[found.ext] ?? null;
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
