import type { Db } from '../../db/client';
import { foldFunnel, loadAttempts, loadPebbles, staleTrails, storeSettled } from './insight.repo';
import { settle } from './insight.stats';

/** The job that settles the figures needing every attempt (efficiency, median, moments, thirds): docs/insight.md. */
export const INSIGHT_SETTLE_JOB = 'insight:settle';
/** trails settled per scheduled tick */
const PER_TICK = 20;

/** Settles one trail from its captured attempts. Idempotent: a rerun stores the same figures. */
export async function settleTrail(db: Db, trailId: number): Promise<{ attempts: number }> {
  const at = new Date();
  const [pebbles, rows] = await Promise.all([loadPebbles(db, trailId), loadAttempts(db, trailId)]);
  const anyXp = pebbles.some((p) => p.xp > 0);
  const weights = new Map(pebbles.map((p) => [p.id, anyXp ? p.xp : 1]));
  const maxPoints = [...weights.values()].reduce((s, w) => s + w, 0);
  await storeSettled(db, trailId, rows.length, settle(rows, weights, maxPoints), at);
  return { attempts: rows.length };
}

/**
 * Folds the funnel's moves into it (every trail's: one statement), then settles: a tick (no trail) the trails changed
 * since their last settling, an enqueued job its trail.
 */
export async function runSettle(db: Db, payload: { trailId?: number }): Promise<number> {
  await foldFunnel(db);
  const ids = payload.trailId ? [payload.trailId] : await staleTrails(db, PER_TICK);
  for (const id of ids) await settleTrail(db, id);
  return ids.length;
}
