import type { AnswerResponse as AnswerResult } from '@cairn/shared/api/trails';
import { HttpError, http } from '../../lib/http';
import { session } from '../../lib/session';
import { offlineChanged, type PendingAnswer, pendingAnswers, refuseAnswer, sentAnswer } from './store';
import { dropUploads, withUploads } from './uploads';

// Sending the outbox (docs/offline.md). One code path for every trigger: the `online` event, the app's start, a
// Background Sync message from the service worker, and a new answer queued while online. Answers go in the order
// they were made, one at a time; each carries its client id, so one the server already has (a response lost when
// the network dropped, a tab killed after sending) is answered with its first outcome and never stored twice.

const USER_KEY = 'cairn-offline-user';

/** The signed-in user whose outbox this tab sends (kept so a reload without network knows whose answers it holds). */
export function currentOfflineUser(): number | null {
  if (!session.tokens()) return null;
  const raw = typeof localStorage !== 'undefined' ? localStorage.getItem(USER_KEY) : null;
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
}

export function setOfflineUser(id: number): void {
  if (localStorage.getItem(USER_KEY) !== String(id)) {
    localStorage.setItem(USER_KEY, String(id));
    offlineChanged();
  }
  // signed in (again): what waited in the outbox goes now
  syncOutbox().catch((err) => console.warn('outbox not sent', err));
}

export interface SyncState {
  running: boolean;
  /** answers sent in this run (the banner counts down) */
  sent: number;
}

let state: SyncState = { running: false, sent: 0 };
const stateListeners = new Set<() => void>();
export const syncState = () => state;
export function onSyncState(l: () => void): () => void {
  stateListeners.add(l);
  return () => stateListeners.delete(l);
}
function setState(next: SyncState) {
  state = next;
  for (const l of stateListeners) l();
}

/** Each answer the server settled: its response when accepted, null when refused. */
type Settled = (entry: PendingAnswer, result: AnswerResult | null) => void;
const settledListeners = new Set<Settled>();
export function onSettled(l: Settled): () => void {
  settledListeners.add(l);
  return () => settledListeners.delete(l);
}

/** A refusal the server decided (kept for the learner to see); anything else (no network, 5xx, 429) stops the run. */
function isRefusal(err: unknown): err is HttpError {
  return (
    err instanceof HttpError &&
    err.status >= 400 &&
    err.status < 500 &&
    ![401, 408, 429, 498].includes(err.status) &&
    err.body?.code !== 'answer_conflict'
  );
}

let running: Promise<number> | null = null;

/**
 * Sends the signed-in user's pending answers; resolves with how many were settled (accepted or refused). Calls made
 * while a run is going share it, and a run that ends with answers queued meanwhile goes on with them.
 */
export function syncOutbox(): Promise<number> {
  running ??= run().finally(() => {
    running = null;
    setState({ running: false, sent: 0 });
  });
  return running;
}

async function run(): Promise<number> {
  let settled = 0;
  for (;;) {
    const userId = currentOfflineUser();
    if (userId === null || typeof indexedDB === 'undefined' || navigator.onLine === false) return settled;
    const queue = await pendingAnswers(userId);
    if (queue.length === 0) return settled;
    setState({ running: true, sent: state.sent });
    for (const entry of queue) {
      // the session may end meanwhile (an expired refresh sends the learner to sign in): the rest stays queued
      if (currentOfflineUser() !== userId) return settled;
      try {
        // files chosen offline are uploaded first (uploads.ts)
        const ready = await withUploads(entry);
        const result = await http.post<AnswerResult>(`/api/pebbles/${ready.pebbleId}`, ready.form, { quiet: true });
        await sentAnswer(entry.clientId);
        for (const l of settledListeners) l(entry, result);
      } catch (err) {
        if (!isRefusal(err)) return settled;
        await refuseAnswer(entry, err.status, err.body?.code ?? 'error', err.body?.message ?? err.message);
        // a refused answer is answered again online: the files it kept on the device are not needed any more
        await dropUploads(entry);
        for (const l of settledListeners) l(entry, null);
      }
      settled++;
      setState({ running: true, sent: state.sent + 1 });
    }
  }
}
