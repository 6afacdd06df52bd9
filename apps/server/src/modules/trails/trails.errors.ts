import type { TrailErrorCode } from '@cairn/shared';
import { utcDay } from '../../lib/days';
import { HttpError } from '../../lib/http-error';

/** An HttpError with one of the trail codes (TRAIL_ERROR_CODES extends the shared ERROR_CODES). */
export function trailError(status: number, code: TrailErrorCode, message: string): HttpError {
  return new HttpError(status, code, message);
}

export const pebbleLocked = () =>
  trailError(423, 'pebble_locked', 'This pebble is locked until the previous one is answered');
export const answerLocked = () => trailError(409, 'answer_locked', 'This answer cannot be changed');
export const noTriesLeft = () => trailError(409, 'no_tries_left', 'There are no tries left for this trail');
export const nothingToReset = () => trailError(409, 'nothing_to_reset', 'Nothing has been answered yet');

/** 423 before the assignment's start date (YYYY-MM-DD, UTC): the trail is listed but not playable yet. */
export const trailNotStarted = (startsOn: string) =>
  new HttpError(423, 'trail_not_started', `This trail starts on ${startsOn}`);

/** Whether a trail with this start date may be played today (UTC days, docs/battles.md). */
export const hasStarted = (startsOn: string | null, today = utcDay()) => startsOn === null || startsOn <= today;
