import type { Db } from '../../db/client';
import type { PebbleSummary } from '../trails/trails.repo';
import type { PebbleDetail, PlayerTrail } from './player.types';

/**
 * Trail content kept by the process, per database, so the player's hot reads do not build and parse it on every
 * request: a trail's row and its pebbles' summaries, and each pebble's detail (minerals and options). Content is
 * write-once: the content importer writes a trail with all its pebbles, minerals and options in one transaction,
 * and nothing updates or deletes them afterwards (docs/content-format.md), so content read once stays true and
 * needs no invalidation. A content editor would have to evict here.
 *
 * Kept per trail, so a statement can be told what it need not send (`ids`, `content`). Bounded: past `LIMIT`
 * pebbles the process starts again from empty (a customer's whole catalogue is far below it).
 */
export const LIMIT = 20_000;

/** What presenting a trail's pebbles needs of the trail, beside the actor's own states. */
export interface TrailContent {
  trail: PlayerTrail;
  pebbles: PebbleSummary[];
}

/** One trail's held content; only ever added to, so a request that took it still finds every id it listed. */
export interface HeldTrail {
  /** the trail and its pebbles' summaries, once read (only for a trail that has pebbles: import fills it at once) */
  readonly content: TrailContent | undefined;
  /** the ids of the pebble details held (a new array on every addition) */
  readonly ids: readonly number[];
  readonly details: ReadonlyMap<number, PebbleDetail>;
}

type Entry = { content: TrailContent | undefined; ids: number[]; details: Map<number, PebbleDetail> };

interface Held {
  size: number;
  byTrail: Map<number, Entry>;
  /** every held detail by pebble id (the answer path knows the pebble, not yet its trail) */
  byPebble: Map<number, PebbleDetail>;
}

const perDb = new WeakMap<Db, Held>();
const NONE: HeldTrail = Object.freeze({ content: undefined, ids: Object.freeze([]), details: new Map() });

/** The detail of pebble `pebbleId`, when held. */
export function heldDetail(db: Db, pebbleId: number): PebbleDetail | undefined {
  return perDb.get(db)?.byPebble.get(pebbleId);
}

/**
 * The held detail of the pebble after `detail` in its trail's order (`detail` itself when it is the last); undefined
 * when the trail's order or that pebble's detail is not held.
 */
export function heldNextDetail(db: Db, detail: PebbleDetail): PebbleDetail | undefined {
  const pebbles = heldTrail(db, detail.pebble.trailId).content?.pebbles;
  const at = pebbles?.findIndex((p) => p.id === detail.pebble.id) ?? -1;
  if (at < 0) return undefined;
  const next = pebbles![at + 1];
  return next ? heldDetail(db, next.id) : detail;
}

/** What the process holds of trail `trailId` (a statement told so leaves it out). */
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

function entryOf(db: Db, trailId: number, adding: number): Entry {
  let held = perDb.get(db);
  if (!held || held.size + adding > LIMIT) {
    // starting over replaces the maps: requests in flight keep the trails they took
    held = { size: 0, byTrail: new Map(), byPebble: new Map() };
    perDb.set(db, held);
  }
  held.size += adding;
  let entry = held.byTrail.get(trailId);
  if (!entry) {
    entry = { content: undefined, ids: [], details: new Map() };
    held.byTrail.set(trailId, entry);
  }
  return entry;
}

/** Holds a trail's row and pebble summaries read from the database (frozen: every request shares them). */
export function holdContent(db: Db, trailId: number, content: TrailContent): void {
  // an empty trail is not held: an import may still fill it
  if (content.pebbles.length === 0 || heldTrail(db, trailId).content) return;
  entryOf(db, trailId, content.pebbles.length).content = freeze(content);
}

/** Holds a pebble's detail read from the database (frozen: every request shares it), unless one is held already. */
export function holdDetail(db: Db, detail: PebbleDetail): void {
  const trailId = detail.pebble.trailId;
  if (heldTrail(db, trailId).details.has(detail.pebble.id)) return;
  const entry = entryOf(db, trailId, 1);
  entry.details.set(detail.pebble.id, freeze(detail));
  entry.ids = [...entry.ids, detail.pebble.id];
  perDb.get(db)!.byPebble.set(detail.pebble.id, detail);
}
