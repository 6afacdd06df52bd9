import { CHOICE_TYPES, type MineralType, type TrailType } from '@cairn/shared';
import type { CheckedAnswer } from './answers.check';
import type { PebbleDetail } from './player.repo';
import { normalise } from './values';

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));
const sameSequence = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether one mineral's answer is right (docs/scoring.md); minerals without a right answer accept any valid one. */
export function mineralPassed(m: PebbleDetail['minerals'][number], answer: CheckedAnswer | undefined): boolean {
  const type = m.type as MineralType;
  const given = answer?.options ?? [];
  if (CHOICE_TYPES.includes(type)) {
    const correct = m.options.filter((o) => o.correct).map((o) => o.id);
    return correct.length === 0 || sameSet(given, correct);
  }
  if (type === 'order')
    return sameSequence(
      given,
      m.options.map((o) => o.id),
    );
  if (type === 'word_bubble') {
    const correct = m.options.filter((o) => o.correct).map((o) => o.id);
    return correct.length === 0 || sameSequence(given, correct);
  }
  const accepted = m.correct && 'values' in m.correct ? m.correct.values : [];
  if (accepted.length > 0) {
    if (answer?.value == null) return false;
    const got = normalise(type, answer.value);
    return accepted.some((v) => normalise(type, v) === got);
  }
  return true;
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
