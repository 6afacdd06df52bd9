import {
  checkAnswer,
  isEmptyValue,
  MINERAL_RULEBOOK,
  type MineralAnswer,
  type MineralType,
  mediaIdOf,
  type RuleFailure,
  type ValueLimits,
} from '@cairn/shared';
import type { PebbleDetail } from './player.types';

/** An answer that passed the mineral's rules, ready to store. */
export interface CheckedAnswer {
  mineralId: number;
  options: number[] | null;
  value: string | null;
  mediaId: number | null;
}

/** An upload answer whose media row still has to be checked (owner and kind). */
export interface PendingMedia {
  field: string;
  mineralId: number;
  mediaId: number;
  type: MineralType;
}

export interface CheckResult {
  answers: CheckedAnswer[];
  failures: Record<string, RuleFailure>;
  media: PendingMedia[];
}

const fail = (rule: RuleFailure['rule'], params: RuleFailure['params'] = {}): RuleFailure => ({ rule, params });

/**
 * Checks submitted answers against the pebble's minerals. Field keys are `answers.{k}.options|value`
 * with k the mineral's index in the pebble (the order the player sends them in); an answer for a mineral
 * of another pebble is keyed by its index in the request, `answers.{i}.id`.
 */
export function checkAnswers(
  detail: PebbleDetail,
  submitted: MineralAnswer[],
  opts: { skipRequired: boolean },
): CheckResult {
  const failures: Record<string, RuleFailure> = {};
  const byMineral = new Map<number, MineralAnswer>();
  submitted.forEach((a, i) => {
    if (!detail.minerals.some((m) => m.id === a.id) || byMineral.has(a.id)) failures[`answers.${i}.id`] = fail('oneOf');
    else byMineral.set(a.id, a);
  });
  const answers: CheckedAnswer[] = [];
  const media: PendingMedia[] = [];

  detail.minerals.forEach((m, k) => {
    const type = m.type as MineralType;
    const a = byMineral.get(m.id);
    const required = m.required && !opts.skipRequired;
    // the rules of each type are the shared rulebook's (packages/shared/src/minerals/rulebook.ts)
    const shape = MINERAL_RULEBOOK[type].answer;
    const field = `answers.${k}.${shape === 'options' ? 'options' : 'value'}`;
    const f = checkAnswer(type, a, {
      options: m.options.map((o) => o.id),
      limit: Number((m.settings as { maSelectLimit?: number }).maSelectLimit ?? 0),
      limits: m.settings as ValueLimits,
      required,
    });
    if (f) {
      failures[field] = f;
      return;
    }
    const ids = a?.options ?? [];
    const v = a?.value;
    if (shape === 'options') {
      if (ids.length > 0) answers.push({ mineralId: m.id, options: ids, value: null, mediaId: null });
    } else if (v === null || v === undefined || isEmptyValue(v)) return;
    else if (shape === 'media') media.push({ field, mineralId: m.id, mediaId: mediaIdOf(v) as number, type });
    else answers.push({ mineralId: m.id, options: null, value: String(v).trim(), mediaId: null });
  });
  return { answers, failures, media };
}
