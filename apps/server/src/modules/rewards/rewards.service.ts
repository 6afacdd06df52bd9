import type { Reward } from '@cairn/shared';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { readableDate } from '../results/results.rules';
import { loadTrailViews } from '../trails/trails.repo';
import { userRewards } from './rewards.repo';

/** Rewards of the actor (all, or the given ids), newest first; texts from the trails' declarations (userRewards). */
export async function listRewards(db: Db, actor: Actor, ids?: number[]): Promise<Reward[]> {
  const [row] = await userRewards(db, [actor.userId, ids ?? null]);
  return row.data;
}
/**
 * GET /api/rewards/test: the rewards the actor's trails declare, shaped as rewards with `preview` (the trail and its
 * unlock condition), so the client shows how each is earned. Nothing is stored; none is marked first or latest.
 */
export async function previewRewards(db: Db, actor: Actor): Promise<Reward[]> {
  const views = await loadTrailViews(db, actor);
  const now = new Date();
  return views
    .flatMap((v) => v.trail.rewards.map((d) => ({ d, trailId: v.trail.id, trail: v.trail.name })))
    .map(({ d, trailId, trail }, i) => ({
      id: -(i + 1),
      trail_id: trailId,
      title: d.title,
      subtitle: d.subtitle ?? null,
      description: d.description ?? null,
      experience: d.experience ?? 0,
      media: d.media ? { url: d.media } : null,
      prize_title: d.prize_title ?? null,
      prize_description: d.prize_description ?? null,
      created_at: now.toISOString(),
      readable_achieved_at: readableDate(now),
      first_time: false,
      latest: false,
      preview: { trail, on: d.unlock.on, value: d.unlock.value ?? null },
    }));
}
