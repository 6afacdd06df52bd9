import type { OfflineTrail } from '@cairn/shared/api/offline';
import type { AnswerForm } from '@cairn/shared/api/trails';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

// The device's offline store (docs/offline.md): IndexedDB, so it outlives a tab kill and a browser restart.
// - outbox: the answers made offline, the only place a pending answer lives, keyed by their client id (UUID v7,
//   so key order is the order they were made);
// - refused: answers the server did not accept, with its reason, until the learner has seen them;
// - trails: downloaded trails (the pebbles as the player shows them), per user.

export interface PendingAnswer {
  clientId: string;
  userId: number;
  trailId: number;
  pebbleId: number;
  pebbleName: string;
  /** the answer form as POST /api/pebbles/{pebbleId} takes it, client_id included */
  form: AnswerForm & { client_id: string };
}

export interface RefusedAnswer extends PendingAnswer {
  status: number;
  code: string;
  message: string;
}

export interface DownloadedTrail {
  userId: number;
  trailId: number;
  content: OfflineTrail;
  /** bytes kept on the device for it: the content and its files */
  bytes: number;
  savedAt: number;
}

/** A file chosen for an upload answer without a network, kept until its answer is sent (uploads.ts). */
export interface KeptUpload {
  key: string;
  name: string;
  type: string;
  bytes: ArrayBuffer;
}

interface OfflineSchema extends DBSchema {
  outbox: { key: string; value: PendingAnswer; indexes: { user: number } };
  uploads: { key: string; value: KeptUpload };
  refused: { key: string; value: RefusedAnswer; indexes: { user: number } };
  trails: { key: [number, number]; value: DownloadedTrail; indexes: { user: number } };
}

const DB_NAME = 'cairn-offline';
let opening: Promise<IDBPDatabase<OfflineSchema>> | null = null;

export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opening ??= openDB<OfflineSchema>(DB_NAME, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('outbox', { keyPath: 'clientId' }).createIndex('user', 'userId');
        db.createObjectStore('refused', { keyPath: 'clientId' }).createIndex('user', 'userId');
        db.createObjectStore('trails', { keyPath: ['userId', 'trailId'] }).createIndex('user', 'userId');
      }
      if (oldVersion < 2) db.createObjectStore('uploads', { keyPath: 'key' });
    },
  });
  return opening;
}

/** Closes the connection (tests reopen it as a new tab would). */
export async function closeOfflineDb(): Promise<void> {
  const db = await opening;
  db?.close();
  opening = null;
}

// ── change notices: this tab's listeners, and other tabs through a BroadcastChannel ──
type Listener = () => void;
const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('cairn-offline') : null;
channel?.addEventListener('message', () => {
  for (const l of listeners) l();
});

export function onOfflineChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function offlineChanged(): void {
  for (const l of listeners) l();
  channel?.postMessage('changed');
}

// ── outbox ──
export async function queueAnswer(entry: PendingAnswer): Promise<void> {
  await (await offlineDb()).put('outbox', entry);
  offlineChanged();
}

/** The user's pending answers in the order they were made. */
export async function pendingAnswers(userId: number): Promise<PendingAnswer[]> {
  const all = await (await offlineDb()).getAllFromIndex('outbox', 'user', userId);
  return all.sort((a, b) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0));
}

export async function sentAnswer(clientId: string): Promise<void> {
  await (await offlineDb()).delete('outbox', clientId);
  offlineChanged();
}

/** The answer leaves the outbox for the refused list in one transaction: never in neither, never in both. */
export async function refuseAnswer(entry: PendingAnswer, status: number, code: string, message: string): Promise<void> {
  const tx = (await offlineDb()).transaction(['outbox', 'refused'], 'readwrite');
  await Promise.all([
    tx.objectStore('refused').put({ ...entry, status, code, message }),
    tx.objectStore('outbox').delete(entry.clientId),
    tx.done,
  ]);
  offlineChanged();
}

export async function refusedAnswers(userId: number): Promise<RefusedAnswer[]> {
  return (await offlineDb()).getAllFromIndex('refused', 'user', userId);
}

export async function dismissRefused(userId: number): Promise<void> {
  const db = await offlineDb();
  const keys = await db.getAllKeysFromIndex('refused', 'user', userId);
  const tx = db.transaction('refused', 'readwrite');
  await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
  offlineChanged();
}

// ── downloaded trails ──
export async function saveTrail(trail: DownloadedTrail): Promise<void> {
  await (await offlineDb()).put('trails', trail);
  offlineChanged();
}

export async function downloadedTrail(userId: number, trailId: number): Promise<DownloadedTrail | undefined> {
  return (await offlineDb()).get('trails', [userId, trailId]);
}

export async function downloadedTrails(userId: number): Promise<DownloadedTrail[]> {
  return (await offlineDb()).getAllFromIndex('trails', 'user', userId);
}

export async function deleteTrail(userId: number, trailId: number): Promise<void> {
  await (await offlineDb()).delete('trails', [userId, trailId]);
  offlineChanged();
}
