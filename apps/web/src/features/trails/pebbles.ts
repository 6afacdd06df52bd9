import type { AnswerCheck, AnswerForm, Pebble } from '@cairn/shared/api/trails';
import { http } from '../../lib/http';

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
}

export const pebbleKey = (trailId: number) => ['pebble', trailId] as const;

/**
 * GET /api/pebbles/{trailId}[?pebble=id]: the current pebble, or a chosen unlocked one. A failure is logged only
 * (§8: no message, no redirect): the player keeps what it shows.
 */
export function fetchPebble(trailId: number, pebbleId?: number): Promise<Pebble> {
  const query = pebbleId ? `?pebble=${pebbleId}` : '';
  return http.get<{ data: Pebble }>(`/api/pebbles/${trailId}${query}`, { quiet: true }).then((r) => r.data);
}

/** POST /api/pebbles/{pebbleId}: the answer form; 422s come back to the caller as well as to the toast. */
export function submitAnswers(pebbleId: number, form: AnswerForm): Promise<AnswerResult> {
  return http.post<AnswerResult>(`/api/pebbles/${pebbleId}`, form);
}

/** DELETE /api/games/reset/{id}: erases the learner's answers so the trail can be tried again. */
export function resetTrail(trailId: number): Promise<unknown> {
  return http.del(`/api/games/reset/${trailId}`);
}
