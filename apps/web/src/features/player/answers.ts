import type { Mineral, MineralAnswer, MineralType } from '@cairn/shared/api/trails';
import { CHOICE_TYPES, UPLOAD_TYPES } from '@cairn/shared/minerals';
import { EMAIL_MAX, type Rule, type RuleFailure, URL_MAX, validateValue } from '@cairn/shared/validation';

/** What the learner has entered for one mineral, before it becomes a MineralAnswer. */
export interface Draft {
  options?: number[];
  value?: string | number | null;
}
export type Drafts = Record<number, Draft>;

export const usesOptions = (type: MineralType) =>
  CHOICE_TYPES.includes(type) || type === 'order' || type === 'word_bubble';
export const isUpload = (type: MineralType) => UPLOAD_TYPES.includes(type);
export const isMultiple = (m: Mineral) => m.type.startsWith('ma_') || (m.properties.is_multiple ?? false);

/** The stored answer, or the starting point: an order list starts in the order it is shown. */
export function initialDraft(m: Mineral): Draft {
  if (m.answer) return { options: m.answer.options, value: m.answer.value };
  if (m.type === 'order') return { options: (m.properties.values ?? []).map((v) => v.id) };
  return usesOptions(m.type) ? { options: [] } : { value: null };
}

export function initialDrafts(minerals: Mineral[]): Drafts {
  return Object.fromEntries(minerals.map((m) => [m.id, initialDraft(m)]));
}

/** The §5 rules an answer to this mineral must pass. */
export function rulesFor(m: Mineral, required: boolean): Rule[] {
  const rules: Rule[] = required ? [{ rule: 'required' }] : [];
  const { min, max } = m.properties;
  switch (m.type) {
    case 'number_input':
      rules.push({ rule: 'numeric' });
      if (min !== undefined) rules.push({ rule: 'min_value', min });
      if (max !== undefined) rules.push({ rule: 'max_value', max });
      break;
    // the length before the pattern, as on the server
    case 'email_input':
      rules.push({ rule: 'max', length: EMAIL_MAX }, { rule: 'email' });
      break;
    case 'url_input':
      rules.push({ rule: 'max', length: URL_MAX }, { rule: 'url' });
      break;
    case 'date_input':
      rules.push({ rule: 'date' });
      break;
    case 'text_input':
      rules.push({ rule: 'max', length: max ?? 2000 });
      break;
    case 'opinion':
      rules.push({ rule: 'min_value', min: min ?? 0 }, { rule: 'max_value', max: max ?? 10 });
      break;
    case '5_point_rating':
      rules.push({ rule: 'min_value', min: 1 }, { rule: 'max_value', max: 5 });
      break;
  }
  return rules;
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
