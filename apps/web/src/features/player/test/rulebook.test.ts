import type { Mineral } from '@cairn/shared/api/trails';
import { MINERAL_TYPES } from '@cairn/shared/minerals';
import { optionsOf, RULEBOOK_CASES, type RulebookCase } from '@cairn/shared/minerals/rulebook.cases';
import { describe, expect, it } from 'vitest';
import { choiceHint, initialDraft, mineralError, usesOptions } from '../answers';

/** The mineral of a case as the player API sends it. */
function mineralOf(c: RulebookCase): Mineral {
  const m = c.mineral ?? {};
  return {
    id: 1,
    type: c.type,
    properties: {
      title: c.name,
      required: true,
      ...(optionsOf(c.type).length > 0
        ? { values: optionsOf(c.type).map((id) => ({ id, value: `Option ${id}` })) }
        : {}),
      ...(m.min !== undefined ? { min: m.min } : {}),
      ...(m.max !== undefined ? { max: m.max } : {}),
      ...(m.selectLimit !== undefined ? { maSelectLimit: m.selectLimit } : {}),
    },
    answer: null,
  };
}

const HINT_KEYS = {
  any: 'choice.anyNumber',
  choose: 'choice.chooseUpTo',
  more: 'choice.chooseUpToMore',
  ready: 'choice.ready',
};

describe('the answer form follows the shared rulebook (the same cases as shared and server)', () => {
  it('covers the 22 types', () => {
    expect(new Set(RULEBOOK_CASES.map((c) => c.type)).size).toBe(MINERAL_TYPES.length);
  });

  it.each(RULEBOOK_CASES)('$type: $name', (c) => {
    const m = mineralOf(c);
    const draft = usesOptions(c.type) ? { options: c.answer.options ?? [] } : { value: c.answer.value ?? null };
    const form = c.form === undefined ? c.check : c.form;
    // null: complete, Next is enabled; otherwise the rule shown under the question
    expect(mineralError(m, draft, true)?.rule ?? null).toBe(form);
    if (c.hint) {
      const hint = choiceHint(m.properties.maSelectLimit ?? 0, draft.options?.length ?? 0);
      expect(hint).toEqual({ key: HINT_KEYS[c.hint.state], count: c.hint.count });
    }
  });

  it('starts an order list complete, in the order shown; other option minerals empty', () => {
    for (const c of RULEBOOK_CASES.filter((x) => usesOptions(x.type))) {
      const d = initialDraft(mineralOf(c));
      expect(d.options, c.type).toEqual(c.type === 'order' ? optionsOf(c.type) : []);
      expect(mineralError(mineralOf(c), d, true)?.rule ?? null, c.type).toBe(c.type === 'order' ? null : 'required');
    }
  });
});
