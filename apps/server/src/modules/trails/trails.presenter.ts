import type { Trail } from '@cairn/shared';
import { canReset, progressOfMarks, publicProgress, unlocks } from './progress';
import type { GameRow } from './trails.repo';

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

/** A trail's row with the actor's progress (trails.repo `gameRows`) → the Trail JSON of GET /api/games. */
export function presentTrail(t: GameRow): Trail {
  const progress = progressOfMarks({ triesTotal: t.tries_total, passPercent: t.pass_percent }, t.marks, t.tries_used);
  let rewards = 0;
  for (const unlock of t.unlocks) if (unlocks(unlock, progress)) rewards++;
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    icon: t.icon_url ? { url: t.icon_url } : null,
    type: t.type as Trail['type'],
    style: { gradient: t.gradient },
    difficulty: t.difficulty as Trail['difficulty'],
    duration: presentDuration(t.duration_seconds),
    coach: t.coach_id ? { id: t.coach_id, firstname: t.coach_firstname, lastname: t.coach_lastname } : null,
    achievements: [
      { type: 'xp', score: progress.xp, total: progress.xp_total },
      { type: 'reward', score: rewards, total: t.unlocks.length },
    ],
    progress: publicProgress(progress),
    can_reset: canReset(progress),
    starts_on: t.starts_on,
    due_on: t.due_on,
    pdf: null,
  };
}
