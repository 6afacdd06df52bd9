/** §5: only these file names get an image preview before upload. */
export function canPreview(fileName: string): boolean {
  return /\.(jpe?g|png|gif)$/i.test(fileName);
}

export type FileIconType = 'pdf' | 'word' | 'excel' | 'powerpoint' | 'text' | 'audio' | 'image' | 'video' | 'file';

/** §9's accepted file icon types, chosen by mimetype. */
export function iconTypeOf(mimetype: string): FileIconType {
  const m = mimetype.toLowerCase();
  if (m === 'application/pdf') return 'pdf';
  if (m.includes('msword') || m.includes('wordprocessingml')) return 'word';
  if (m.includes('ms-excel') || m.includes('spreadsheetml')) return 'excel';
  if (m.includes('ms-powerpoint') || m.includes('presentationml')) return 'powerpoint';
  if (m.startsWith('text/')) return 'text';
  if (m.startsWith('audio/')) return 'audio';
  if (m.startsWith('image/')) return 'image';
  if (m.startsWith('video/')) return 'video';
  return 'file';
}

/** QuickTime files play in browsers when offered as MP4 (§7). */
export function playableVideoType(mimetype: string): string {
  return mimetype === 'video/quicktime' ? 'video/mp4' : mimetype;
}
