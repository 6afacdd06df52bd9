import type { Reward } from '@cairn/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trails, userRewards } from '../../db/schema';
import type { Actor } from '../accounts/sessions.service';
import { readableDate } from '../results/results.rules';
import { loadTrailViews } from '../trails/trails.repo';

/** Rewards of the actor (all, or the given ids), newest first; texts from the trails' declarations. */
export async function listRewards(db: Db, actor: Actor, ids?: number[]): Promise<Reward[]> {
  const rows = await db
    .select({ r: userRewards, trailRewards: trails.rewards })
    .from(userRewards)
    .innerJoin(trails, eq(trails.id, userRewards.trailId))
    .where(
      and(eq(userRewards.userId, actor.userId), ids ? inArray(userRewards.id, ids.length ? ids : [-1]) : undefined),
    )
    .orderBy(desc(userRewards.achievedAt), desc(userRewards.id));
  const [[first], [latest]] = await Promise.all([
    db
      .select({ id: userRewards.id })
      .from(userRewards)
      .where(eq(userRewards.userId, actor.userId))
      .orderBy(asc(userRewards.achievedAt), asc(userRewards.id))
      .limit(1),
    db
      .select({ id: userRewards.id })
      .from(userRewards)
      .where(eq(userRewards.userId, actor.userId))
      .orderBy(desc(userRewards.achievedAt), desc(userRewards.id))
      .limit(1),
  ]);
  return rows.flatMap(({ r, trailRewards }) => {
    const decl = trailRewards.find((d) => d.key === r.rewardKey);
    if (!decl) return [];
    return [
      {
        id: r.id,
        trail_id: r.trailId,
        title: decl.title,
        subtitle: decl.subtitle ?? null,
        description: decl.description ?? null,
        experience: decl.experience ?? 0,
        media: decl.media ? { url: decl.media } : null,
        prize_title: decl.prize_title ?? null,
        prize_description: decl.prize_description ?? null,
        created_at: r.achievedAt.toISOString(),
        readable_achieved_at: readableDate(r.achievedAt),
        first_time: r.id === first?.id,
        latest: r.id === latest?.id,
      },
    ];
  });
}

/** GET /api/rewards/test: the rewards the actor's trails declare, shaped as earned ones, to preview the popup. Nothing is stored. */
export async function previewRewards(db: Db, actor: Actor): Promise<Reward[]> {
  const views = await loadTrailViews(db, actor);
  const now = new Date();
  return views
    .flatMap((v) => v.trail.rewards.map((d) => ({ d, trailId: v.trail.id })))
    .map(({ d, trailId }, i) => ({
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
      first_time: i === 0,
      latest: i === 0,
    }));
}
