/**
 * The generic validation rule set of §5, used by web forms and by the server.
 * A failed rule yields its name and parameters; the message comes from the
 * translation key `validation.{rule}` with `{{field}}` and the parameters substituted.
 */

export const RULE_NAMES = [
  'required',
  'alpha',
  'integer',
  'email',
  'confirmed',
  'max',
  'min',
  'max_value',
  'min_value',
  'numeric',
  'regex',
  'image',
  'dimensions',
  'size',
  'mimes',
  'oneOf',
  'date',
  'url',
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

/** A file as both sides see it: a browser File or an upload's metadata. */
export interface FileLike {
  name?: string;
  type?: string;
  size: number;
  width?: number;
  height?: number;
}

export type Rule =
  | { rule: 'required' | 'alpha' | 'integer' | 'email' | 'numeric' | 'image' | 'date' | 'url' }
  | { rule: 'confirmed'; target: string }
  | { rule: 'max' | 'min'; length: number }
  | { rule: 'max_value'; max: number }
  | { rule: 'min_value'; min: number }
  | { rule: 'regex'; pattern: string }
  | { rule: 'dimensions'; width: number; height: number }
  | { rule: 'size'; size: number }
  | { rule: 'mimes'; types: string[] }
  | { rule: 'oneOf'; values: string[] };

export interface RuleFailure {
  rule: RuleName;
  params: Record<string, string | number>;
}

/** Longest address the email rule accepts (RFC 5321's path limit); longer input is refused before the pattern runs. */
export const EMAIL_MAX = 254;
/** Longest URL the url rule accepts; longer input is refused before the pattern runs. */
export const URL_MAX = 2048;

// Each pattern below is linear (apps/server/scripts/regex-audit.ts checks every one with recheck in `npm run lint`).
// local@domain, the domain with a dot that is neither its first nor its last character. The domain is read as one
// character, then up to its first dot, then the rest: one way to match, where `[^\s@]+\.[^\s@]+` tried every dot.
export const EMAIL_RE = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
const ALPHA_RE = /^\p{L}+$/u;
const DATE_RE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
// optional http/https, host or IPv4, optional port, path, query, fragment. A host label is one letter or digit,
// optionally followed by letters, digits and hyphens ending in a letter or digit (a nested repeat here was exponential)
export const URL_RE =
  /^(https?:\/\/)?((?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z]{2,}|localhost|(?:\d{1,3}\.){3}\d{1,3})(:\d+)?(\/[-a-z\d%_.~+@]*)*(\?[;&a-z\d%_.~+=-]*)?(#[-a-z\d_]*)?$/i;

function isEmpty(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'boolean') return v === false;
  return false;
}

function asFiles(v: unknown): FileLike[] {
  if (Array.isArray(v)) return v as FileLike[];
  if (v && typeof v === 'object' && 'size' in v) return [v as FileLike];
  return [];
}

function extOf(name = ''): string {
  const i = name.lastIndexOf('.');
  return i >= 0 ? name.slice(i + 1).toLowerCase() : '';
}

const IMAGE_EXT = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'svg', 'webp'];

/** Checks one rule; returns true when the value passes. Empty values pass every rule but required. */
export function checkRule(value: unknown, r: Rule, all: Record<string, unknown> = {}): boolean {
  if (r.rule === 'required') return !isEmpty(value);
  if (isEmpty(value)) return true;
  const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  switch (r.rule) {
    case 'alpha':
      return ALPHA_RE.test(s);
    case 'integer':
      return /^-?\d+$/.test(s);
    case 'numeric':
      return /^-?\d+(\.\d+)?$/.test(s);
    case 'email':
      return s.length <= EMAIL_MAX && EMAIL_RE.test(s);
    case 'confirmed':
      return value === all[r.target];
    case 'max':
      return [...s].length <= r.length;
    case 'min':
      return [...s].length >= r.length;
    case 'max_value':
      return /^-?\d+(\.\d+)?$/.test(s) && Number(s) <= r.max;
    case 'min_value':
      return /^-?\d+(\.\d+)?$/.test(s) && Number(s) >= r.min;
    case 'regex':
      // regex-audit: patterns are the code's own `{ rule: 'regex', pattern: '…' }` rules, each audited where written
      return new RegExp(r.pattern).test(s);
    case 'date': {
      const m = DATE_RE.exec(s);
      if (!m) return false;
      const d = new Date(`${s}T00:00:00Z`);
      return d.getUTCDate() === Number(m[3]);
    }
    case 'url':
      return s.length <= URL_MAX && URL_RE.test(s);
    case 'oneOf':
      return r.values.includes(s);
    case 'image':
      return asFiles(value).every((f) => (f.type ? f.type.startsWith('image/') : IMAGE_EXT.includes(extOf(f.name))));
    case 'mimes':
      return asFiles(value).every((f) =>
        r.types.some((t) => (t.includes('/') ? f.type === t : extOf(f.name) === t.toLowerCase())),
      );
    case 'size':
      // size is in kilobytes, as in the rule sets the spec names
      return asFiles(value).every((f) => f.size <= r.size * 1024);
    case 'dimensions':
      return asFiles(value).every((f) => f.width === r.width && f.height === r.height);
  }
}

function paramsOf(r: Rule): Record<string, string | number> {
  const { rule: _r, ...rest } = r as Record<string, unknown>;
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(rest)) out[k] = Array.isArray(v) ? v.join(', ') : (v as string | number);
  return out;
}

/** Runs the rules in order and returns the first failure, or null. */
export function validateValue(value: unknown, rules: Rule[], all: Record<string, unknown> = {}): RuleFailure | null {
  for (const r of rules) {
    if (!checkRule(value, r, all)) return { rule: r.rule, params: paramsOf(r) };
  }
  return null;
}

/** Validates a whole form: field → rules. Returns field → first failure. */
export function validateForm(
  values: Record<string, unknown>,
  schema: Record<string, Rule[]>,
): Record<string, RuleFailure> {
  const out: Record<string, RuleFailure> = {};
  for (const [field, rules] of Object.entries(schema)) {
    const f = validateValue(values[field], rules, values);
    if (f) out[field] = f;
  }
  return out;
}

/** English fallback messages, used by the server in 422 bodies (the client translates by rule). */
export const EN_RULE_MESSAGES: Record<RuleName, string> = {
  required: 'The {{field}} field is required',
  alpha: 'The {{field}} field may only contain alphabetic characters',
  integer: 'The {{field}} field must be an integer',
  email: 'The {{field}} field must be a valid email',
  confirmed: 'The {{field}} field confirmation does not match',
  max: 'The {{field}} field may not be greater than {{length}} characters',
  min: 'The {{field}} field must be at least {{length}} characters',
  max_value: 'The {{field}} field must be {{max}} or less',
  min_value: 'The {{field}} field must be {{min}} or more',
  numeric: 'The {{field}} field may only contain numeric characters',
  regex: 'The {{field}} field format is invalid',
  image: 'The {{field}} field must be an image',
  dimensions: 'The {{field}} field must be {{width}} pixels by {{height}} pixels',
  size: 'The {{field}} field size must be less than {{size}}KB',
  mimes: 'The {{field}} field must have a valid file type',
  oneOf: 'The {{field}} field is not a valid value',
  date: 'The {{field}} field must be a valid date (YYYY-MM-DD)',
  url: 'The {{field}} field is not a valid URL',
};

/** Fills `{{name}}` placeholders. */
export function interpolate(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => (k in params ? String(params[k]) : `{{${k}}}`));
}

/** The English message for a failure on `field`. */
export function enMessage(field: string, f: RuleFailure): string {
  return interpolate(EN_RULE_MESSAGES[f.rule], { field, ...f.params });
}

/** Form rule sets of §5, shared by the screens and the endpoints. */
export const FORM_RULES = {
  login: {
    username: [{ rule: 'required' }, { rule: 'max', length: EMAIL_MAX }, { rule: 'email' }],
    password: [{ rule: 'required' }, { rule: 'min', length: 6 }],
  },
  forgot: {
    username: [{ rule: 'required' }, { rule: 'max', length: EMAIL_MAX }, { rule: 'email' }],
  },
  reset: {
    password: [{ rule: 'required' }, { rule: 'min', length: 6 }],
    password_confirmation: [
      { rule: 'required' },
      { rule: 'min', length: 6 },
      { rule: 'confirmed', target: 'password' },
    ],
  },
} satisfies Record<string, Record<string, Rule[]>>;
