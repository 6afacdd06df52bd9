import { uuidV7 } from '@cairn/shared/uuid-v7';
import { uploadMedia } from '../media';
import { offlineDb, type PendingAnswer } from './store';

// Upload answers made without a network (docs/offline.md): the chosen file is kept in IndexedDB and the answer holds
// `offline-upload:<key>`; before the answer is sent, the file is uploaded (POST /media, as online) and the answer,
// rewritten with the media id, is written back to the outbox first, so a send repeated later never uploads twice.

const PREFIX = 'offline-upload:';

export const isOfflineUpload = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(PREFIX) && value.length <= PREFIX.length + 36;

/** Keeps the file on the device; resolves with the value the answer holds until it is sent. */
export async function keepUpload(file: File): Promise<string> {
  const key = uuidV7();
  await (await offlineDb()).put('uploads', { key, name: file.name, type: file.type, bytes: await file.arrayBuffer() });
  return PREFIX + key;
}

/** Drops a kept file (the learner removed it before sending). */
export async function dropUpload(value: unknown): Promise<void> {
  if (isOfflineUpload(value)) await (await offlineDb()).delete('uploads', value.slice(PREFIX.length));
}

/** Drops the files an answer kept on the device (its answer was refused). */
export async function dropUploads(entry: PendingAnswer): Promise<void> {
  for (const a of entry.form.answers) await dropUpload(a.value);
}

/**
 * Uploads the entry's kept files and returns the entry as it is then sent (media ids in place of the kept files),
 * already written back to the outbox. A failed upload throws as the upload does (no network: the run stops; a
 * refusal such as 413 or 415: the answer is refused with it).
 */
export async function withUploads(entry: PendingAnswer): Promise<PendingAnswer> {
  const kept = entry.form.answers.filter((a) => isOfflineUpload(a.value));
  if (kept.length === 0) return entry;
  const db = await offlineDb();
  const answers = [];
  for (const a of entry.form.answers) {
    if (!isOfflineUpload(a.value)) {
      answers.push(a);
      continue;
    }
    const key = a.value.slice(PREFIX.length);
    const file = await db.get('uploads', key);
    if (!file) {
      answers.push({ ...a, value: null });
      continue;
    }
    const uploaded = await uploadMedia(new File([file.bytes], file.name, { type: file.type }), {
      mineralType: await mineralTypeOf(entry, a.id),
    });
    answers.push({ ...a, value: uploaded.id });
  }
  const ready = { ...entry, form: { ...entry.form, answers } };
  await db.put('outbox', ready);
  for (const a of kept) await db.delete('uploads', String(a.value).slice(PREFIX.length));
  return ready;
}

/** The upload mineral's type, from the downloaded trail (the server checks the file's kind against it). */
async function mineralTypeOf(entry: PendingAnswer, mineralId: number): Promise<string | undefined> {
  const trail = await (await offlineDb()).get('trails', [entry.userId, entry.trailId]);
  const pebble = trail?.content.pebbles.find((p) => p.id === entry.pebbleId);
  return pebble?.minerals.find((m) => m.id === mineralId)?.type;
}
