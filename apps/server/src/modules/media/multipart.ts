import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { MediaConfig } from '../../config';
import { actorOf } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { type Storage, StorageUnavailableError } from '../../storage/storage';
import { confirmQuota, uploadBudget } from './quota.service';
import { type PendingUpload, receiveFile } from './upload.service';

export interface ReceivedForm {
  files: PendingUpload[];
  fields: Record<string, string>;
}

/** Reads a multipart form: files under `fileFields` are verified and stored temporarily, the rest kept as text. */
export async function receiveForm(
  request: FastifyRequest,
  storage: Storage,
  limits: MediaConfig['limits'],
  opts: { fileFields: string[]; maxFiles: number },
): Promise<ReceivedForm> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data');
  }
  const received: ReceivedForm = { files: [], fields: {} };
  // quota and disk reserve, decided before a byte is read (the routes let only members of a customer upload)
  const app = request.server;
  const actor = actorOf(request);
  const budget =
    actor.customerId === null
      ? undefined
      : await uploadBudget(
          app.db,
          app.config.media,
          // the disk reserve guards local disk only: an object store has no disk of ours to fill
          app.storage.kind === 'local' ? app.config.filesDir : null,
          { userId: actor.userId, customerId: actor.customerId },
          Number(request.headers['content-length']) || 0,
        );
  try {
    const parts = request.parts({
      // our own per-type limits apply first; this only stops a runaway stream
      limits: { fileSize: Math.max(...Object.values(limits)) + 1, files: opts.maxFiles, fields: 20, fieldSize: 4096 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        const f = part as MultipartValue;
        received.fields[f.fieldname] = String(f.value);
        continue;
      }
      const file = part as MultipartFile;
      if (!opts.fileFields.includes(file.fieldname)) {
        file.file.resume();
        continue;
      }
      received.files.push(await receiveFile(storage, limits, file.file, file.filename, budget));
    }
    if (actor.customerId !== null && received.files.length > 0) {
      const bytes = received.files.reduce((sum, f) => sum + f.size, 0);
      await confirmQuota(app.db, app.config.media, { userId: actor.userId, customerId: actor.customerId }, bytes);
    }
  } catch (err) {
    await discard(storage, received.files);
    const e = err as { code?: string; statusCode?: number };
    // an unreachable store is an outage (503 with Retry-After, plugins/errors.ts), not a malformed body
    if (err instanceof HttpError || err instanceof StorageUnavailableError) throw err;
    if (e.statusCode === 413) {
      throw new HttpError(413, 'payload_too_large', e.code === 'FST_FILES_LIMIT' ? 'Too many files' : 'Too large');
    }
    // anything else the parser throws (a missing or wrong boundary, a cut or garbled part) is the client's body
    request.log.debug({ err }, 'malformed multipart body');
    throw new HttpError(400, 'validation_failed', 'The multipart body is malformed');
  }
  return received;
}

/** Removes uploads that will not be committed. */
export async function discard(storage: Storage, files: PendingUpload[]): Promise<void> {
  // best effort: the answer's own error matters more (a store that is down refused the upload itself too)
  await Promise.all(files.map((f) => storage.delete(f.uploadKey).catch(() => {})));
}
