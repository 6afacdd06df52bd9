import type { Trail } from '@cairn/shared';
import { canReset, computeProgress, publicProgress, rewardsEarned } from './progress';
import type { TrailView } from './trails.repo';

/** Seconds as the spec's duration object. */
export function presentDuration(total: number): Trail['duration'] {
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    time_in_seconds: total,
  };
}

/** A trail row with the actor's progress → the Trail JSON of GET /api/games. */
export function presentTrail(v: TrailView): Trail {
  const t = v.trail;
  const progress = computeProgress(t, v.pebbles, v.states, v.triesUsed);
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    icon: t.iconUrl ? { url: t.iconUrl } : null,
    type: t.type as Trail['type'],
    style: { gradient: t.gradient },
    difficulty: t.difficulty as Trail['difficulty'],
    duration: presentDuration(t.durationSeconds),
    coach: v.coach,
    achievements: [
      { type: 'xp', score: progress.xp, total: progress.xp_total },
      { type: 'reward', score: rewardsEarned(t.rewards, progress).length, total: t.rewards.length },
    ],
    progress: publicProgress(progress),
    can_reset: canReset(progress),
    starts_on: v.startsOn,
    due_on: v.dueOn,
    pdf: null,
  };
}
