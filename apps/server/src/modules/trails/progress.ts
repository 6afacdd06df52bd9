import type { Progress } from '@cairn/shared';
import type { RewardDecl } from '../../db/schema';

export interface PebbleLite {
  id: number;
  trailId: number;
  position: number;
  stage: string | null;
  xp: number;
}
export interface StateLite {
  pebbleId: number;
  answeredAt: Date | null;
  passed: boolean | null;
}
export interface TrailRules {
  triesTotal: number;
  passPercent: number;
}

export interface TrailProgress extends Progress {
  trail_passed: boolean | null;
  /** stages whose pebbles are all passed (one crown each) */
  stagesDone: string[];
}

/**
 * A pebble as the games statement sends it (trails.repo `gameRows`), in position order: its xp, its stage, whether the
 * learner answered it and whether that answer passed.
 */
export type PebbleMark = [xp: number, stage: string | null, answered: boolean, passed: boolean | null];

/** Progress of one learner on one trail from its pebbles (in position order) and their states (docs/scoring.md). */
export function computeProgress(
  trail: TrailRules,
  pebbles: PebbleLite[],
  states: Map<number, StateLite>,
  triesUsed: number,
): TrailProgress {
  const marks = pebbles.map((p): PebbleMark => {
    const s = states.get(p.id);
    return [p.xp, p.stage, !!s?.answeredAt, s?.passed ?? null];
  });
  return progressOfMarks(trail, marks, triesUsed);
}

/** computeProgress over the pebbles' marks (what the games statement reads instead of pebbles and states). */
export function progressOfMarks(trail: TrailRules, marks: PebbleMark[], triesUsed: number): TrailProgress {
  let answered = 0;
  let passed = 0;
  let xp = 0;
  let xpTotal = 0;
  const stages = new Map<string, boolean>();
  for (const [pebbleXp, stage, isAnswered, isPassed] of marks) {
    const ok = isAnswered && isPassed === true;
    if (isAnswered) answered++;
    if (ok) {
      passed++;
      xp += pebbleXp;
    }
    xpTotal += pebbleXp;
    if (stage) stages.set(stage, (stages.get(stage) ?? true) && ok);
  }
  const total = marks.length;
  const completed = total > 0 && answered === total;
  const stagesDone = [...stages].filter(([, done]) => done).map(([name]) => name);
  return {
    answered,
    passed,
    trail_passed: completed ? (xpTotal === 0 ? true : xp * 100 >= trail.passPercent * xpTotal) : null,
    total,
    percent: total ? Math.round((answered / total) * 100) : 0,
    status: answered === 0 ? 'not_started' : completed ? 'completed' : 'in_progress',
    xp,
    xp_total: xpTotal,
    crowns: stagesDone.length,
    crowns_total: stages.size,
    tries_total: trail.triesTotal,
    tries_used: triesUsed,
    tries_left: trail.triesTotal === 0 ? null : Math.max(0, trail.triesTotal - triesUsed),
    stagesDone,
  };
}

/** The progress as the API sends it (without internal fields). */
export function publicProgress(p: TrailProgress): Progress {
  const { stagesDone: _s, ...rest } = p;
  return rest;
}

/** Whether a reset is allowed now: something answered, and a try left (or unlimited). */
export function canReset(p: Progress): boolean {
  return p.answered > 0 && (p.tries_left === null || p.tries_left > 0);
}

/** The rewards whose unlock condition the progress meets (issued later by the results feature). */
export function rewardsEarned(rewards: RewardDecl[], p: TrailProgress): RewardDecl[] {
  return rewards.filter((r) => unlocks(r.unlock, p));
}

/** Whether the progress meets a reward's unlock condition. */
export function unlocks(unlock: RewardDecl['unlock'], p: TrailProgress): boolean {
  switch (unlock.on) {
    case 'trail_completed':
      return p.status === 'completed';
    case 'trail_passed':
      return p.trail_passed === true;
    case 'xp_at_least':
      return p.xp >= Number(unlock.value ?? 0);
    case 'stage_completed':
      return p.stagesDone.includes(String(unlock.value));
    default:
      return false;
  }
}

/** A pebble is locked until the one before it is answered (player.repo currentPebbleStatement: the same rule in SQL). */
export function isLocked(index: number, pebbles: PebbleLite[], states: Map<number, StateLite>): boolean {
  return index > 0 && !states.get(pebbles[index - 1].id)?.answeredAt;
}
