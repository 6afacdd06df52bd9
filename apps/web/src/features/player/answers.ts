import type { Mineral, MineralAnswer, MineralType } from '@cairn/shared/api/trails';
import { choiceProgress, formRules, MINERAL_RULEBOOK, MULTI_TYPES } from '@cairn/shared/minerals';
import { type Rule, type RuleFailure, validateValue } from '@cairn/shared/validation';

/** What the learner has entered for one mineral, before it becomes a MineralAnswer. */
export interface Draft {
  options?: number[];
  value?: string | number | null;
}
export type Drafts = Record<number, Draft>;

// What each type's answer looks like, how many options it takes and which rules it must pass come from the shared
// mineral rulebook (packages/shared/src/minerals/rulebook.ts), the same the server checks and scores with.
export const usesOptions = (type: MineralType) => MINERAL_RULEBOOK[type].answer === 'options';
export const isUpload = (type: MineralType) => MINERAL_RULEBOOK[type].answer === 'media';
export const isMultiple = (m: Mineral) => MULTI_TYPES.includes(m.type) || (m.properties.is_multiple ?? false);

/**
 * The §4 hint under a multiple-answer question: its translation key and count. The select limit is a maximum (one
 * option is already an answer, the rulebook refuses only more than the limit), so the hint says "up to".
 */
export function choiceHint(limit: number, chosen: number) {
  const { state, count } = choiceProgress(limit, chosen);
  const keys = {
    any: 'choice.anyNumber',
    choose: 'choice.chooseUpTo',
    more: 'choice.chooseUpToMore',
    ready: 'choice.ready',
  } as const;
  return { key: keys[state], count };
}

/** The stored answer, or the starting point: an order list starts in the order it is shown. */
export function initialDraft(m: Mineral): Draft {
  if (m.answer) return { options: m.answer.options, value: m.answer.value };
  if (MINERAL_RULEBOOK[m.type].choose === 'all') return { options: (m.properties.values ?? []).map((v) => v.id) };
  return usesOptions(m.type) ? { options: [] } : { value: null };
}

export function initialDrafts(minerals: Mineral[]): Drafts {
  return Object.fromEntries(minerals.map((m) => [m.id, initialDraft(m)]));
}

/** The §5 rules an answer to this mineral must pass. */
export function rulesFor(m: Mineral, required: boolean): Rule[] {
  return formRules(m.type, m.properties, required);
}

const subject = (m: Mineral, d: Draft | undefined) => (usesOptions(m.type) ? (d?.options ?? []) : (d?.value ?? null));

/** The first failing rule of one mineral, or null. */
export function mineralError(m: Mineral, d: Draft | undefined, required: boolean): RuleFailure | null {
  return validateValue(subject(m, d), rulesFor(m, required));
}

/** A pebble's first error in mineral order: the one shown, and the reason Next stays disabled. */
export function firstError(minerals: Mineral[], drafts: Drafts, required: (m: Mineral) => boolean) {
  for (const m of minerals) {
    const failure = mineralError(m, drafts[m.id], required(m));
    if (failure) return { mineralId: m.id, failure };
  }
  return null;
}

/** The answers array of the answer form; numbers typed as text go out as numbers. */
export function toAnswers(minerals: Mineral[], drafts: Drafts): MineralAnswer[] {
  return minerals.map((m) => {
    const d = drafts[m.id] ?? {};
    if (usesOptions(m.type)) return { id: m.id, options: d.options ?? [] };
    let value = d.value ?? null;
    if (m.type === 'number_input' && typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)))
      value = Number(value);
    if (typeof value === 'string' && value.trim() === '') value = null;
    return { id: m.id, value };
  });
}

/** Letters A–Z label options (§9); beyond Z they continue as AA, AB… rather than break. */
export function optionLetter(i: number): string {
  const a = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return i < 26 ? a[i] : a[Math.floor(i / 26) - 1] + a[i % 26];
}
