import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes a rendered PDF (or an image of one: ext 'png') under `filesDir/pdfs/{dir}/` and returns its
 * storage-relative path.
 */
export async function writePdf(
  filesDir: string,
  dir: string,
  name: string,
  pdf: Buffer,
  ext: 'pdf' | 'png' = 'pdf',
): Promise<string> {
  // an unguessable name besides the signature /files asks for (private files, docs/security.md)
  const rel = `pdfs/${dir}/${name}-${randomBytes(12).toString('hex')}.${ext}`;
  const abs = path.join(filesDir, rel);
  await fs.mkdir(path.dirname(abs), { recursive: true });
  await fs.writeFile(abs, pdf);
  return rel;
}
