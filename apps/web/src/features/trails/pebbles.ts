import type { Battle } from '@cairn/shared/api/battles';
import type { ErrorCode } from '@cairn/shared/api/errors';
import type { AnswerCheck, AnswerForm, Pebble } from '@cairn/shared/api/trails';
import { uuidV7 } from '@cairn/shared/uuid-v7';
import { HttpError, http } from '../../lib/http';
import {
  currentOfflineUser,
  isNetworkFailure,
  localAnswer,
  localPebble,
  noteOnlineAnswer,
  OfflineRefusal,
  refreshDownload,
  requestBackgroundSync,
  syncOutbox,
} from '../offline';

// The pebble requests of a trail: the player plays them, a battle plays them too, results and dashboards start
// a trail again.

export interface AnswerResult {
  /** the next pebble, or the same one updated when it was the last */
  data: Pebble;
  finished: boolean;
  passed: boolean;
  /** the trail verdict once finished */
  trail_passed?: boolean | null;
  /** the check step of the pebble just answered, when its trail checks answers immediately (docs/player.md) */
  check?: AnswerCheck | null;
  /** the battle, when the answer was the viewer's last question of it (§4 Answering, docs/battles.md) */
  battle?: Battle;
}

export const pebbleKey = (trailId: number) => ['pebble', trailId] as const;

/**
 * GET /api/pebbles/{trailId}[?pebble=id]: the current pebble, or a chosen unlocked one. A failure is logged only
 * (§8: no message, no redirect): the player keeps what it shows.
 */
export async function fetchPebble(trailId: number, pebbleId?: number): Promise<Pebble> {
  const query = pebbleId ? `?pebble=${pebbleId}` : '';
  // without a network, a downloaded trail plays from the device (features/offline, docs/offline.md)
  const local = !navigator.onLine ? await offlinePebble(trailId, pebbleId) : null;
  if (local) return local;
  try {
    return (await http.get<{ data: Pebble }>(`/api/pebbles/${trailId}${query}`, { quiet: true })).data;
  } catch (err) {
    const fallback = isNetworkFailure(err) ? await offlinePebble(trailId, pebbleId) : null;
    if (fallback) return fallback;
    throw err;
  }
}

/** The downloaded trail's pebble; an offline refusal (a locked pebble) is thrown as the server's would be. */
async function offlinePebble(trailId: number, pebbleId?: number): Promise<Pebble | null> {
  try {
    return await localPebble(trailId, pebbleId);
  } catch (err) {
    if (err instanceof OfflineRefusal)
      throw new HttpError(err.status, `/api/pebbles/${trailId}`, { code: err.code as ErrorCode });
    throw err;
  }
}

/** POST /api/pebbles/{pebbleId}: the answer form; 422s come back to the caller as well as to the toast. */
export async function submitAnswers(pebbleId: number, form: AnswerForm): Promise<AnswerResult> {
  // one client id per answer: a retried or repeated send is answered with the first outcome (docs/offline.md)
  const sent = { ...form, client_id: form.client_id ?? uuidV7() };
  if (!navigator.onLine) {
    const local = await offlineAnswer(pebbleId, sent);
    if (local) return local;
  } else if (currentOfflineUser() !== null) {
    // answers made offline go first: the server decides them in the order they were made
    await syncOutbox();
  }
  try {
    const res = await http.post<AnswerResult>(`/api/pebbles/${pebbleId}`, sent);
    // a downloaded trail keeps up with answers made online (features/offline)
    void noteOnlineAnswer(pebbleId, sent)
      .then((trailId) => (trailId === null ? undefined : refreshDownload(trailId)))
      .catch((err) => console.warn('offline copy not updated', err));
    return res;
  } catch (err) {
    const local = isNetworkFailure(err) ? await offlineAnswer(pebbleId, sent) : null;
    if (local) return local;
    throw err;
  }
}

async function offlineAnswer(pebbleId: number, form: AnswerForm): Promise<AnswerResult | null> {
  try {
    const res = await localAnswer(pebbleId, form);
    if (res) void requestBackgroundSync();
    return res;
  } catch (err) {
    if (err instanceof OfflineRefusal)
      throw new HttpError(err.status, `/api/pebbles/${pebbleId}`, { code: err.code as ErrorCode });
    throw err;
  }
}

/** DELETE /api/games/reset/{id}: erases the learner's answers so the trail can be tried again. */
export function resetTrail(trailId: number): Promise<unknown> {
  return http.del(`/api/games/reset/${trailId}`);
}
