import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PACKAGE_MAX_BYTES, PACKAGE_TEXT_MAX_BYTES } from '@cairn/shared';
import type { FastifyRequest } from 'fastify';
import { Unzip, UnzipInflate } from 'fflate';
import { HttpError, validationError } from '../../lib/http-error';
import { ContentError } from '../content/content.import';

/** The most files and bytes a package zip may unpack to (its media included). */
export const ZIP_MAX_FILES = 2_000;
export const ZIP_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

/** A received package: its text and the folder its media paths are relative to (removed by `cleanup`). */
export interface ReceivedPackage {
  text: string;
  baseDir: string;
  cleanup: () => Promise<void>;
}

const TEXT_EXT = /\.(ya?ml|json)$/i;
const tooLarge = (what: string) => new HttpError(413, 'payload_too_large', what);

/**
 * Reads the one file of a multipart upload (field `file`): a package's YAML/JSON text, or a zip holding it (the only
 * .yaml/.yml/.json file at its shallowest level) with its media. 415 for anything else, 413 over the limits, 422
 * without a file.
 */
export async function receivePackage(request: FastifyRequest): Promise<ReceivedPackage> {
  if (!request.isMultipart())
    throw new HttpError(415, 'unsupported_media_type', 'Send the package as multipart/form-data');
  let name = '';
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: PACKAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || bytes) {
        part.file.resume();
        continue;
      }
      name = part.filename;
      bytes = await part.toBuffer();
    }
  } catch (err) {
    const e = err as { code?: string; statusCode?: number };
    if (e.statusCode === 413) throw tooLarge(`A package is at most ${PACKAGE_MAX_BYTES / 1024 / 1024} MB`);
    request.log.debug({ err }, 'malformed multipart body');
    throw new HttpError(400, 'validation_failed', 'The multipart body is malformed');
  }
  if (!bytes) throw validationError({ file: { rule: 'required', params: {} } });
  const isZip = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (!isZip && !TEXT_EXT.test(name))
    throw new HttpError(
      415,
      'unsupported_media_type',
      'A package is a .yaml, .yml or .json file, or a .zip holding one',
    );
  const baseDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cairn-package-'));
  const cleanup = () => fs.rm(baseDir, { recursive: true, force: true });
  try {
    if (!isZip) {
      if (bytes.length > PACKAGE_TEXT_MAX_BYTES)
        throw tooLarge(`A package's text is at most ${PACKAGE_TEXT_MAX_BYTES / 1024 / 1024} MB`);
      return { text: bytes.toString('utf8'), baseDir, cleanup };
    }
    const files = unzip(bytes);
    for (const [file, content] of files) {
      const full = path.resolve(baseDir, file);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, content);
    }
    const texts = [...files.keys()].filter((f) => TEXT_EXT.test(f) && !f.startsWith('__MACOSX/'));
    const depth = (f: string) => f.split('/').length;
    const top = Math.min(...texts.map(depth));
    const candidates = texts.filter((f) => depth(f) === top);
    if (candidates.length !== 1)
      throw new ContentError([
        {
          path: '(zip)',
          message:
            candidates.length === 0
              ? 'no package file (.yaml, .yml or .json) in the zip'
              : `several package files at the same level: ${candidates.join(', ')}`,
        },
      ]);
    const pkgFile = candidates[0];
    const content = files.get(pkgFile)!;
    if (content.length > PACKAGE_TEXT_MAX_BYTES)
      throw tooLarge(`A package's text is at most ${PACKAGE_TEXT_MAX_BYTES / 1024 / 1024} MB`);
    return {
      text: Buffer.from(content).toString('utf8'),
      baseDir: path.resolve(baseDir, path.dirname(pkgFile)),
      cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/**
 * Unpacks a zip in memory, counting the bytes as they inflate (a zip's declared sizes may lie): over
 * ZIP_MAX_FILES files or ZIP_MAX_UNPACKED_BYTES bytes is a 413; a name leaving the folder is refused.
 */
function unzip(bytes: Buffer): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  let total = 0;
  let problem: HttpError | ContentError | null = null;
  const unzipper = new Unzip((file) => {
    if (problem || file.name.endsWith('/')) return;
    const name = file.name.replace(/\\/g, '/');
    if (name.startsWith('/') || name.split('/').includes('..') || name.length > 500) {
      problem = new ContentError([{ path: '(zip)', message: `${name.slice(0, 200)}: a path outside the package` }]);
      return;
    }
    if (out.size >= ZIP_MAX_FILES) {
      problem = tooLarge(`A package zip holds at most ${ZIP_MAX_FILES} files`);
      return;
    }
    const chunks: Uint8Array[] = [];
    file.ondata = (err, chunk, final) => {
      if (problem) return;
      if (err) {
        problem = new ContentError([{ path: '(zip)', message: `${name}: ${err.message}` }]);
        return;
      }
      total += chunk.length;
      if (total > ZIP_MAX_UNPACKED_BYTES) {
        problem = tooLarge(`A package zip unpacks to at most ${ZIP_MAX_UNPACKED_BYTES / 1024 / 1024} MB`);
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) out.set(name, Buffer.concat(chunks));
    };
    file.start();
  });
  unzipper.register(UnzipInflate);
  try {
    unzipper.push(bytes, true);
  } catch (err) {
    if (!problem)
      problem = new ContentError([{ path: '(zip)', message: `not a readable zip (${(err as Error).message})` }]);
  }
  if (problem) throw problem;
  return out;
}
