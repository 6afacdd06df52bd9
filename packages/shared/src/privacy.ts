/** Email addresses, bearer tokens and Cairn's opaque tokens (cat_…, crt_…), wherever they appear in a text. */
const PERSONAL = [
  // an address starts only where a run of address characters starts (the lookbehind): tried from every character of
  // a long run, the pattern was quadratic in the text's length
  /(?<![^\s@"'<>(),;:])[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g,
  /\bBearer\s+[^\s"',;]+/gi,
  /\b(?:cat|crt)_[A-Za-z0-9_-]{16,}/g,
  /([?&](?:token|access_token|refresh_token|id_token|code|email|username)=)[^&#\s]+/gi,
];

/** Replaces personal data in a text reported to a third party (error reports, analytics) with [redacted]. */
export function scrubPersonalData(text: string): string {
  let out = text;
  for (const re of PERSONAL)
    out = out.replace(re, (_m, keep?: string) => `${typeof keep === 'string' ? keep : ''}[redacted]`);
  return out;
}

/** Deeply scrubs every string of a JSON-like value (an error event, say); returns a copy. */
export function scrubDeep<T>(value: T): T {
  if (typeof value === 'string') return scrubPersonalData(value) as T;
  if (Array.isArray(value)) return value.map(scrubDeep) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v)])) as T;
  }
  return value;
}
