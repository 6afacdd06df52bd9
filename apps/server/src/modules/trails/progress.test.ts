import { describe, expect, it } from 'vitest';
import type { RewardDecl } from '../../db/schema';
import { canReset, computeProgress, isLocked, rewardsEarned, type StateLite } from './progress';

const pebbles = [
  { id: 1, trailId: 1, position: 0, stage: 'A', xp: 10 },
  { id: 2, trailId: 1, position: 1, stage: 'A', xp: 10 },
  { id: 3, trailId: 1, position: 2, stage: 'B', xp: 20 },
];
const at = new Date();
const states = (...s: [number, boolean][]) =>
  new Map<number, StateLite>(s.map(([pebbleId, passed]) => [pebbleId, { pebbleId, answeredAt: at, passed }]));

describe('computeProgress', () => {
  it('counts xp and crowns only for passed pebbles', () => {
    const p = computeProgress({ triesTotal: 0, passPercent: 100 }, pebbles, states([1, true], [2, false]), 1);
    expect(p).toMatchObject({ answered: 2, passed: 1, xp: 10, xp_total: 40, crowns: 0, crowns_total: 2 });
    expect(p).toMatchObject({ status: 'in_progress', percent: 67, trail_passed: null, tries_left: null });
  });

  it('gives the verdict on completion against the pass mark', () => {
    const s = states([1, true], [2, true], [3, false]);
    expect(computeProgress({ triesTotal: 3, passPercent: 50 }, pebbles, s, 1).trail_passed).toBe(true);
    expect(computeProgress({ triesTotal: 3, passPercent: 60 }, pebbles, s, 1)).toMatchObject({
      trail_passed: false,
      status: 'completed',
      crowns: 1,
      stagesDone: ['A'],
    });
  });

  it('never shows fewer than 0 tries left', () => {
    const p = computeProgress({ triesTotal: 2, passPercent: 100 }, pebbles, states([1, true]), 5);
    expect(p.tries_left).toBe(0);
    expect(canReset(p)).toBe(false);
  });

  it('locks a pebble until the previous one is answered', () => {
    const s = states([1, false]);
    expect([0, 1, 2].map((i) => isLocked(i, pebbles, s))).toEqual([false, false, true]);
  });

  it('tells which rewards the progress unlocks', () => {
    const rewards: RewardDecl[] = [
      { key: 'a', title: 'A', unlock: { on: 'stage_completed', value: 'A' } },
      { key: 'x', title: 'X', unlock: { on: 'xp_at_least', value: 30 } },
      { key: 'c', title: 'C', unlock: { on: 'trail_completed' } },
    ];
    const p = computeProgress({ triesTotal: 0, passPercent: 100 }, pebbles, states([1, true], [2, true]), 1);
    expect(rewardsEarned(rewards, p).map((r) => r.key)).toEqual(['a']);
  });
});
