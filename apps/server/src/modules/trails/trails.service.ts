import type { Trail, TrailType } from '@cairn/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mineralAnswers, pebbleStates, trailProgress } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/http-error';
import { presentAttempt } from './attempt';
import { canReset, computeProgress, progressOfMarks } from './progress';
import { noTriesLeft, nothingToReset } from './trails.errors';
import { presentTrail } from './trails.presenter';
import { gameRow, gameRows, loadTrailViews } from './trails.repo';

/** GET /api/games, /api/me/surveys, /api/me/exams: the actor's playable trails (optionally of some types). */
export async function listGames(db: Db, actor: Actor, types?: TrailType[]): Promise<Trail[]> {
  const rows = await gameRows(db, [actor.userId, actor.customerId, actor.trailId, types ?? null]);
  return rows.map(presentTrail);
}

/** GET /api/games/{id}; 404 when the trail is not the actor's to play. */
export async function getGame(db: Db, actor: Actor, trailId: number): Promise<Trail> {
  const [row] = await gameRow(db, [actor.userId, actor.customerId, actor.trailId, trailId]);
  if (!row) throw notFound('Trail not found');
  return { ...presentTrail(row), attempt: presentAttempt(row) };
}

/** GET /api/me/reset: trails the actor may reset now, with their tries. */
export async function listResettable(db: Db, actor: Actor) {
  const views = await loadTrailViews(db, actor);
  return views.flatMap((v) => {
    const p = computeProgress(v.trail, v.pebbles, v.states, v.triesUsed);
    if (!canReset(p)) return [];
    return [
      {
        id: v.trail.id,
        name: v.trail.name,
        type: v.trail.type as TrailType,
        icon: v.trail.iconUrl ? { url: v.trail.iconUrl } : null,
        tries_total: p.tries_total,
        tries_used: p.tries_used,
        tries_left: p.tries_left,
        can_reset: true,
      },
    ];
  });
}

/** DELETE /api/games/reset/{id}: spends a try and clears the actor's answers on the trail. */
export async function resetGame(db: Db, actor: Actor, trailId: number): Promise<Trail> {
  const [row] = await gameRow(db, [actor.userId, actor.customerId, actor.trailId, trailId]);
  if (!row) throw notFound('Trail not found');
  const total = row.tries_total;
  const p = progressOfMarks({ triesTotal: total, passPercent: row.pass_percent }, row.marks, row.tries_used);
  if (p.answered === 0) throw nothingToReset();
  if (!canReset(p)) throw noTriesLeft();
  await db.transaction(async (tx) => {
    // the guard in the update makes two concurrent resets unable to overspend the tries
    const spent = await tx
      .update(trailProgress)
      .set({ triesUsed: sql`${trailProgress.triesUsed} + 1`, completedAt: null, startedAt: new Date() })
      .where(
        and(
          eq(trailProgress.userId, actor.userId),
          eq(trailProgress.trailId, trailId),
          total === 0 ? sql`true` : sql`${trailProgress.triesUsed} < ${total}`,
        ),
      )
      .returning({ triesUsed: trailProgress.triesUsed });
    if (spent.length === 0) throw noTriesLeft();
    await tx
      .delete(mineralAnswers)
      .where(and(eq(mineralAnswers.userId, actor.userId), eq(mineralAnswers.trailId, trailId)));
    await tx.delete(pebbleStates).where(and(eq(pebbleStates.userId, actor.userId), eq(pebbleStates.trailId, trailId)));
  });
  return getGame(db, actor, trailId);
}
