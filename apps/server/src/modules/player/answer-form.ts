import { ANSWER_VALUE_MAX } from '@cairn/shared';
import { HttpError } from '../../lib/http-error';

/**
 * The spec's answer form (§3: `answers[i][id]`, `answers[i][value]`, battle_id, pool_id) as key/value pairs, sent
 * as application/x-www-form-urlencoded or multipart/form-data, turned into the JSON answer form that
 * `answerFormSchema` then checks like any JSON body (docs/player.md, "The answer form"). Every key and value is
 * bounded before a pattern runs on it, and the number of keys is capped.
 */
export const ANSWER_FORM_LIMITS = {
  /** keys in one form (a pebble has a handful of minerals; each choice adds one key per option) */
  keys: 300,
  /** characters of one key */
  keyLength: 64,
  /** characters of one value: the JSON form's longest answer value */
  valueLength: ANSWER_VALUE_MAX,
  /** answers[i] and options[j] indexes */
  index: 999,
} as const;

/** `answers[i][id|value]`, `answers[i][options][]`, `answers[i][options][j]`, `answers[i][options][j][id|answer]`. */
const ANSWER_KEY = /^answers\[(\d{1,3})\]\[(id|value|options)\](?:\[(\d{0,3})\](?:\[(id|answer)\])?)?$/;
const TOP_KEYS = new Set(['battle_id', 'pool_id', 'client_id', 'action']);

const refuse = (key: string, message: string) =>
  new HttpError(422, 'validation_failed', message, { errors: { [key]: [message] } });
export const tooManyKeys = () =>
  new HttpError(413, 'payload_too_large', `An answer form has at most ${ANSWER_FORM_LIMITS.keys} keys`);

interface Slot {
  id?: string;
  value?: string;
  /** option ids by position; `selected` false for an Answer option sent with answer other than '1' */
  options: Map<number, { id?: string; selected: boolean }>;
}

/** A numeric form value as a number when it is one (the schema then checks its range), else the text. */
function numeric(v: string): number | string | null {
  if (v === '') return null;
  return /^-?\d{1,15}$/.test(v) ? Number(v) : v;
}

/** Checks the value of a pair the form reads (its key is bounded already) before any pattern runs on it. */
function bounded(key: string, value: string): void {
  if (value.length > ANSWER_FORM_LIMITS.valueLength)
    throw refuse(key, `This value may not be longer than ${ANSWER_FORM_LIMITS.valueLength} characters`);
  if (key.includes('\u0000') || value.includes('\u0000'))
    throw new HttpError(400, 'validation_failed', 'The request contains a NUL character');
}

/** The spec's form pairs → the JSON answer form (unknown top-level keys are ignored, as JSON ignores them). */
export function answerFormOf(pairs: Iterable<[string, string]>): Record<string, unknown> {
  const slots = new Map<number, Slot>();
  const body: Record<string, unknown> = {};
  let count = 0;
  for (const [key, value] of pairs) {
    if (++count > ANSWER_FORM_LIMITS.keys) throw tooManyKeys();
    const answerKey = key.startsWith('answers');
    if (key.length > ANSWER_FORM_LIMITS.keyLength) {
      if (answerKey) throw refuse('answers', 'An answer key is too long');
      continue;
    }
    // other keys are ignored, as JSON ignores unknown keys: their values are never read
    if (!answerKey && !TOP_KEYS.has(key)) continue;
    bounded(key, value);
    if (TOP_KEYS.has(key)) {
      body[key] = key === 'battle_id' || key === 'pool_id' ? numeric(value) : value;
      continue;
    }
    const m = ANSWER_KEY.exec(key);
    if (!m) throw refuse(key, 'Unknown answer key: use answers[i][id], answers[i][value] or answers[i][options][]');
    const [, i, field, j, sub] = m;
    const slot: Slot = slots.get(Number(i)) ?? { options: new Map() };
    slots.set(Number(i), slot);
    if (field === 'options') {
      if (j === undefined) throw refuse(key, 'An option needs an index: answers[i][options][]');
      const at = j === '' ? slot.options.size : Number(j);
      const option = slot.options.get(at) ?? { selected: true };
      if (sub === 'answer') option.selected = value === '1';
      else option.id = value;
      slot.options.set(at, option);
    } else if (j !== undefined) {
      throw refuse(key, `answers[i][${field}] takes no index`);
    } else if (field === 'id') slot.id = value;
    else slot.value = value;
  }
  body.answers = [...slots.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, s]) => ({
      id: s.id === undefined ? undefined : numeric(s.id),
      ...(s.value !== undefined ? { value: s.value } : {}),
      ...(s.options.size > 0
        ? {
            options: [...s.options.entries()]
              .sort(([a], [b]) => a - b)
              .filter(([, o]) => o.selected)
              .map(([, o]) => (o.id === undefined ? undefined : numeric(o.id))),
          }
        : {}),
    }));
  return body;
}
