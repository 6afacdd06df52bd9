import { type AnswerCheck, feedbackModeOf, MINERAL_RULEBOOK, type MineralType, type TrailType } from '@cairn/shared';
import type { CheckedAnswer } from './answers.check';
import type { PebbleDetail, PlayerTrail } from './player.types';
import { mineralPassed } from './scoring';

type MineralDetail = PebbleDetail['minerals'][number];
type RightAnswer = AnswerCheck['right_answers'][number];

/** A mineral's right answer as the check step words it, or null when any valid answer is right. */
export function rightAnswerOf(m: MineralDetail): RightAnswer | null {
  const base = { mineral_id: m.id, title: m.title };
  const correct = m.options.filter((o) => o.correct).map((o) => o.value);
  switch (MINERAL_RULEBOOK[m.type as MineralType].scoring) {
    case 'same_set':
      return correct.length > 0 ? { ...base, kind: 'set', values: correct } : null;
    case 'correct_sequence':
      return correct.length > 0 ? { ...base, kind: 'sequence', values: correct } : null;
    case 'declared_order':
      return m.options.length > 0 ? { ...base, kind: 'sequence', values: m.options.map((o) => o.value) } : null;
    case 'accepted_value': {
      const accepted = m.correct && 'values' in m.correct ? m.correct.values : [];
      return accepted.length > 0 ? { ...base, kind: 'value', values: accepted.map(String) } : null;
    }
    case 'any':
      return null;
  }
}

/** Whether the trail shows right and wrong now (`immediate`) or holds it back (`end`, `none`). */
export const checksImmediately = (trail: Pick<PlayerTrail, 'type' | 'feedbackMode'>) =>
  feedbackModeOf(trail.type as TrailType, trail.feedbackMode) === 'immediate';

/** Whether the trail shows right and wrong only in the result (`end`, e.g. a certification exam). */
export const checksAtEnd = (trail: Pick<PlayerTrail, 'type' | 'feedbackMode'>) =>
  feedbackModeOf(trail.type as TrailType, trail.feedbackMode) === 'end';

/**
 * The check step of an answer just stored (docs/player.md, "Check step"): only on a trail that checks immediately
 * and a pebble with a right answer (a survey question has none). The right answers go only with a wrong answer, and
 * only for the minerals it missed. Built after the store, so nothing here reaches the learner before their answer
 * is kept.
 */
export function answerCheck(
  trail: Pick<PlayerTrail, 'type' | 'feedbackMode'>,
  detail: PebbleDetail,
  answers: CheckedAnswer[],
  passed: boolean,
  earned: { xp: number; crowns: number },
): AnswerCheck | null {
  if (!checksImmediately(trail)) return null;
  const keyed = detail.minerals.map((m) => ({ m, right: rightAnswerOf(m) }));
  if (keyed.every((k) => k.right === null)) return null;
  const missed = passed
    ? []
    : keyed.filter(
        (k): k is { m: MineralDetail; right: RightAnswer } =>
          k.right !== null &&
          !mineralPassed(
            k.m,
            answers.find((a) => a.mineralId === k.m.id),
          ),
      );
  return {
    pebble_id: detail.pebble.id,
    passed,
    feedback: detail.pebble.feedback,
    xp: Math.max(0, earned.xp),
    crowns: Math.max(0, earned.crowns),
    right_answers: missed.map((k) => k.right),
  };
}
