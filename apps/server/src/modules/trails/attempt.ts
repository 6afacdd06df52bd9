import { and, eq, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pebbleStates } from '../../db/schema';

// The current attempt's times, which the player's Info panel (play time) and the trail result (duration) both
// turn into seconds with the shared attemptSeconds (packages/shared/src/attempt.ts): the attempt starts when the
// learner opens its first pebble (a reset deletes the states, so the minimum is always this attempt's) and ends
// at trail_progress.completed_at. trail_progress.started_at is not it: that row is made by the first answer.

/** SQL text: the columns attempt_started_at and attempt_completed_at of user `user` on trail `trail` (expressions). */
export const attemptColumns = (user: string, trail: string) =>
  `(select min(s.opened_at) from pebble_states s where s.user_id = ${user} and s.trail_id = ${trail})
      as attempt_started_at,
    (select tp.completed_at from trail_progress tp where tp.user_id = ${user} and tp.trail_id = ${trail})
      as attempt_completed_at`;

export interface AttemptRow {
  attempt_started_at: Date | string | null;
  attempt_completed_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The attempt as the Trail JSON carries it. */
export const presentAttempt = (r: AttemptRow) => ({
  started_at: iso(r.attempt_started_at),
  completed_at: iso(r.attempt_completed_at),
});

/** When the learner opened the first pebble of their current attempt at the trail (null: none yet). */
export async function attemptStart(db: Db, userId: number, trailId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(pebbleStates.openedAt) })
    .from(pebbleStates)
    .where(and(eq(pebbleStates.userId, userId), eq(pebbleStates.trailId, trailId)));
  return row?.at ? new Date(row.at) : null;
}
