// The typed-value rules of the mineral rulebook (rulebook.ts): what the server accepts as an input, rating or opinion
// answer, and the comparable form scoring uses. Moved here from the server's player module so the content checker,
// the answer checker and the web share one copy.
import type { MineralType } from '../minerals';
import { trimTrailing } from '../text';
import { checkRule, EMAIL_MAX, type RuleFailure, URL_MAX } from '../validation';

/** Length limits of free-text answers when the package sets none. */
export const TEXT_MAX_DEFAULT = 2000;
/** The opinion scale when the package sets none: 0–10, the full 11-step scale of §9. */
export const OPINION_DEFAULT = { min: 0, max: 10 };
/** The most steps a package may give an opinion scale. */
export const OPINION_MAX_STEPS = 21;
/** The fixed scale of a 5_point_rating. */
export const RATING_SCALE = { min: 1, max: 5 };

export interface ValueLimits {
  min?: number;
  max?: number;
}

const fail = (rule: RuleFailure['rule'], params: RuleFailure['params'] = {}): RuleFailure => ({ rule, params });

/** Checks a typed value of an input, rating or opinion mineral; returns the failed rule or null. */
export function checkValue(type: MineralType, raw: string | number, limits: ValueLimits): RuleFailure | null {
  const s = typeof raw === 'number' ? String(raw) : raw.trim();
  switch (type) {
    case 'text_input': {
      const max = limits.max ?? TEXT_MAX_DEFAULT;
      if (typeof raw !== 'string') return fail('regex');
      if (limits.min !== undefined && [...s].length < limits.min) return fail('min', { length: limits.min });
      if ([...s].length > max) return fail('max', { length: max });
      return null;
    }
    case 'number_input':
      if (!checkRule(s, { rule: 'numeric' })) return fail('numeric');
      if (limits.min !== undefined && Number(s) < limits.min) return fail('min_value', { min: limits.min });
      if (limits.max !== undefined && Number(s) > limits.max) return fail('max_value', { max: limits.max });
      return null;
    // the length first: no pattern runs on more than the mineral accepts
    case 'email_input':
      return s.length <= EMAIL_MAX && checkRule(s, { rule: 'email' }) ? null : fail('email');
    case 'url_input':
      return s.length <= URL_MAX && checkRule(s, { rule: 'url' }) ? null : fail('url');
    case 'date_input':
      return checkRule(s, { rule: 'date' }) ? null : fail('date');
    case '5_point_rating':
    case 'opinion': {
      const { min, max } = scaleFor(type, limits);
      if (!checkRule(s, { rule: 'integer' })) return fail('integer');
      if (Number(s) < min) return fail('min_value', { min });
      if (Number(s) > max) return fail('max_value', { max });
      return null;
    }
    default:
      return fail('regex');
  }
}

/** The opinion scale bounds. */
export function scaleOf(limits: ValueLimits): { min: number; max: number } {
  return { min: limits.min ?? OPINION_DEFAULT.min, max: limits.max ?? OPINION_DEFAULT.max };
}

/** The scale of a rating (fixed) or an opinion (its own bounds, or the default). */
export function scaleFor(type: MineralType, limits: ValueLimits): { min: number; max: number } {
  return type === '5_point_rating' ? RATING_SCALE : scaleOf(limits);
}

/** The comparable form of an input answer: case, spacing, URL scheme and number formatting don't count. */
export function normalise(type: MineralType, raw: string | number): string {
  const s = String(raw).trim();
  switch (type) {
    case 'number_input':
      return String(Number(s));
    case 'email_input':
      return s.toLowerCase();
    case 'url_input':
      return trimTrailing(
        s
          .toLowerCase()
          .replace(/^https?:\/\//, '')
          .replace(/^www\./, ''),
        '/',
      );
    case 'date_input':
      return s;
    default:
      return s.toLowerCase().replace(/\s+/g, ' ');
  }
}
