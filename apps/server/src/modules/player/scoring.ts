import { isRightAnswer, type MineralType, type TrailType } from '@cairn/shared';
import type { CheckedAnswer } from './answers.check';
import type { PebbleDetail } from './player.types';

/** Whether one mineral's answer is right, by the shared rulebook (docs/scoring.md); minerals without a right answer accept any valid one. */
export function mineralPassed(m: PebbleDetail['minerals'][number], answer: CheckedAnswer | undefined): boolean {
  return isRightAnswer(m.type as MineralType, answer, {
    declared: m.options.map((o) => o.id),
    correct: m.options.filter((o) => o.correct).map((o) => o.id),
    accepted: m.correct && 'values' in m.correct ? m.correct.values : [],
  });
}

/** Exam and battle pebbles pass on right answers; survey and assessment pebbles on any accepted answer. */
export function pebblePassed(trailType: TrailType, detail: PebbleDetail, answers: CheckedAnswer[]): boolean {
  if (trailType === 'survey' || trailType === 'assessment') return true;
  return detail.minerals.every((m) =>
    mineralPassed(
      m,
      answers.find((a) => a.mineralId === m.id),
    ),
  );
}
