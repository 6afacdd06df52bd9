import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Storage } from '../../storage';

/**
 * Writes a rendered PDF (or an image of one: ext 'png') under `pdfs/{dir}/` in storage and returns its key
 * (the path under /files/).
 */
export async function writePdf(
  storage: Storage,
  dir: string,
  name: string,
  pdf: Buffer,
  ext: 'pdf' | 'png' = 'pdf',
): Promise<string> {
  // an unguessable name besides the signature /files asks for (private files, docs/security.md)
  const rel = `pdfs/${dir}/${name}-${randomBytes(12).toString('hex')}.${ext}`;
  await storage.put(rel, Readable.from([pdf]));
  return rel;
}
