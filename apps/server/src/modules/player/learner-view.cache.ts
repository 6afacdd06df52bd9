import type { Db } from '../../db/client';
import type { TrailView } from '../trails/trails.repo';

/**
 * What a process decided a learner's trail to be after its last answer there (docs/performance.md, Round 12): the
 * view with that answer applied and the next pebble opened. The learner's next answer on the trail in this process
 * decides on it instead of loading it again, so the answer is one statement: the store's guard checks in the
 * database that what the decision rests on still holds — the answered states and tries (another tab, another
 * process, a reset), that the trail is still the learner's to play and its assignment's dates unchanged (a coach's
 * edit) — and writes nothing when it does not; the answer is then decided again on a fresh load. Pebbles another
 * tab opened without answering come back with the store (`openedIds`).
 *
 * The trail's row, coach and pebbles are kept once per trail and shared by its learners' views (write-once content,
 * as in trail-content.cache); each view adds only its learner's states, tries and assignment dates. Bounded: past
 * `LIMIT` learner trails the process starts again from empty.
 */
export const LIMIT = 20_000;

type Shared = Pick<TrailView, 'trail' | 'coach' | 'pebbles'>;
interface Held {
  views: Map<string, TrailView>;
  trails: Map<number, Shared>;
}

const perDb = new WeakMap<Db, Held>();
const keyOf = (userId: number, trailId: number) => `${userId}:${trailId}`;

/** A copy of the held view of `userId` on `trailId` (the caller may change its states and tries), when held. */
export function heldLearnerView(db: Db, userId: number, trailId: number): TrailView | undefined {
  const view = perDb.get(db)?.views.get(keyOf(userId, trailId));
  return view && { ...view, states: new Map(view.states) };
}

/** Holds the view an answer left (the caller no longer changes it). */
export function holdLearnerView(db: Db, userId: number, view: TrailView): void {
  let held = perDb.get(db);
  if (!held || held.views.size >= LIMIT) {
    held = { views: new Map(), trails: new Map() };
    perDb.set(db, held);
  }
  let shared = held.trails.get(view.trail.id);
  if (!shared) {
    shared = { trail: view.trail, coach: view.coach, pebbles: view.pebbles };
    held.trails.set(view.trail.id, shared);
  }
  held.views.set(keyOf(userId, view.trail.id), { ...view, ...shared });
}

/** Forgets it: the guard found it stale. */
export function forgetLearnerView(db: Db, userId: number, trailId: number): void {
  perDb.get(db)?.views.delete(keyOf(userId, trailId));
}
