import { MINERAL_RULEBOOK, type MineralType } from '@cairn/shared';
import type { MineralRow } from './insight.repo';

const factorial = (k: number): number => (k <= 1 ? 1 : k * factorial(k - 1));

/**
 * The chance (0–1) that a random answer to one mineral is right (Moodle's random guess score, per question type):
 * one option of k with c right → c ÷ k; many options → one of the 2ᵏ − 1 non-empty sets; an order → 1 ÷ k!;
 * a typed answer with accepted values → 0; no right answer declared → 1 (every answer passes). Word bubbles: null
 * (the chosen bubbles' order and number are free, as in Moodle's types it leaves undefined).
 */
export function mineralGuess(m: Pick<MineralRow, 'type' | 'correct' | 'options'>): number | null {
  const rule = MINERAL_RULEBOOK[m.type as MineralType];
  if (!rule) return null;
  const k = m.options.length;
  const right = m.options.filter((o) => o.correct).length;
  switch (rule.scoring) {
    case 'any':
      return 1;
    case 'accepted_value': {
      const c = m.correct as { values?: string[] } | null;
      return c && Array.isArray(c.values) && c.values.length > 0 ? 0 : 1;
    }
    case 'same_set':
      if (right === 0 || k === 0) return 1;
      return rule.choose === 'one' ? right / k : 1 / (2 ** k - 1);
    case 'declared_order':
      return k === 0 ? 1 : 1 / factorial(k);
    case 'correct_sequence':
      return right === 0 ? 1 : null;
  }
}

/** A pebble passes when all its minerals are right: the product of their guess scores, in %. */
export function pebbleGuess(minerals: Pick<MineralRow, 'type' | 'correct' | 'options'>[]): number | null {
  let p = 1;
  for (const m of minerals) {
    const g = mineralGuess(m);
    if (g === null) return null;
    p *= g;
  }
  return 100 * p;
}
