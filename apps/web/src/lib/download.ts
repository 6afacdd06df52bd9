import { type DownloadedFile, request } from './http';

/** Saves a file the browser holds under `name` (an object URL on a temporary link). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * §7 file download: one media item under its title plus extension (GET /api/media/{id}/download), several as one
 * downloads.zip (GET /api/media/download?ids=…). The server names the file; failures go through the catalogue.
 */
export async function downloadMedia(ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const url = ids.length === 1 ? `/api/media/${ids[0]}/download` : `/api/media/download?ids=${ids.join(',')}`;
  const file = await request<DownloadedFile>(url, { as: 'file' });
  saveFile(file.blob, file.name ?? (ids.length > 1 ? 'downloads.zip' : 'download'));
}
