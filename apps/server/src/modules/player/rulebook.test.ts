import { MINERAL_TYPES } from '@cairn/shared';
import { optionsOf, RULEBOOK_CASES, type RulebookCase } from '@cairn/shared/minerals/rulebook.cases';
import { describe, expect, it } from 'vitest';
import { checkAnswers } from './answers.check';
import type { PebbleDetail } from './player.types';
import { pebblePassed } from './scoring';

/** A pebble of one required mineral built from a case, as the repository reads it. */
function pebbleOf(c: RulebookCase): PebbleDetail {
  const m = c.mineral ?? {};
  const settings: Record<string, unknown> = {};
  if (m.min !== undefined) settings.min = m.min;
  if (m.max !== undefined) settings.max = m.max;
  if (m.selectLimit !== undefined) settings.maSelectLimit = m.selectLimit;
  return {
    pebble: {} as PebbleDetail['pebble'],
    minerals: [
      {
        id: 1,
        pebbleId: 9,
        position: 0,
        type: c.type,
        title: c.name,
        required: true,
        shared: false,
        dimension: null,
        settings,
        correct: m.accepted ? { values: m.accepted } : null,
        options: optionsOf(c.type).map((id, position) => ({
          id,
          mineralId: 1,
          position,
          value: `Option ${id}`,
          media: null,
          correct: m.correct?.includes(id) ?? false,
          scores: null,
        })),
      },
    ],
  };
}

describe('the answer checker and scorer follow the shared rulebook (the same cases as shared and web)', () => {
  it('covers the 22 types', () => {
    expect(new Set(RULEBOOK_CASES.map((c) => c.type)).size).toBe(MINERAL_TYPES.length);
  });

  it.each(RULEBOOK_CASES)('$type: $name', (c) => {
    const detail = pebbleOf(c);
    const { answers, failures, media } = checkAnswers(detail, [{ id: 1, ...c.answer }], { skipRequired: false });
    const field = optionsOf(c.type).length > 0 ? 'answers.0.options' : 'answers.0.value';
    expect(failures[field]?.rule ?? null).toBe(c.check);
    expect(Object.keys(failures)).toHaveLength(c.check ? 1 : 0);
    if (c.check) return;
    // an upload answer waits for its media row; every other accepted answer is stored
    expect(answers.length + media.length).toBe(1);
    if (c.right !== undefined) expect(pebblePassed('exam', detail, answers)).toBe(c.right);
  });
});
