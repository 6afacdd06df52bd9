import type { Db } from '../../db/client';
import type { PebbleDetail } from './player.repo';

/**
 * Pebble details (a pebble with its minerals and options) kept by the process, per database, so the hot reads do
 * not build and parse them on every request. Content is write-once: the content importer inserts a pebble with its
 * minerals and options in one transaction and nothing updates or deletes them (docs/content-format.md), so a detail read
 * once stays the pebble's detail for good and needs no invalidation. A content editor would have to evict here.
 *
 * Kept per trail, so a statement can be told which of the trail's pebbles it need not send (`heldIds`). Bounded: past
 * `LIMIT` details the process starts again from empty (a customer's whole catalogue is far below it).
 */
export const LIMIT = 20_000;

/** One trail's held details; only ever added to, so a request that took it still finds every id it listed. */
export interface HeldTrail {
  /** the ids of the details held (a new array on every addition) */
  readonly ids: readonly number[];
  readonly details: ReadonlyMap<number, PebbleDetail>;
}

interface Held {
  size: number;
  byTrail: Map<number, { ids: number[]; details: Map<number, PebbleDetail> }>;
}

const perDb = new WeakMap<Db, Held>();
const NONE: HeldTrail = Object.freeze({ ids: Object.freeze([]), details: new Map() });

/** The details held of trail `trailId`'s pebbles (a statement given its ids leaves those out). */
export function heldTrail(db: Db, trailId: number): HeldTrail {
  return perDb.get(db)?.byTrail.get(trailId) ?? NONE;
}

function freeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) freeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Holds a detail read from the database (frozen: every request shares it), unless one is held already. */
export function holdDetail(db: Db, detail: PebbleDetail): void {
  let held = perDb.get(db);
  if (!held || held.size >= LIMIT) {
    // starting over replaces the maps: requests in flight keep the trails they took
    held = { size: 0, byTrail: new Map() };
    perDb.set(db, held);
  }
  const trailId = detail.pebble.trailId;
  let trail = held.byTrail.get(trailId);
  if (trail?.details.has(detail.pebble.id)) return;
  if (!trail) {
    trail = { ids: [], details: new Map() };
    held.byTrail.set(trailId, trail);
  }
  trail.details.set(detail.pebble.id, freeze(detail));
  trail.ids = [...trail.ids, detail.pebble.id];
  held.size += 1;
}
