/** Characters an address is made of (a run of them on each side of its '@'). */
const NOT_ADDRESS = new Set([...' \t\n\r\v\f@"\'<>(),;:']);
const isAddressChar = (c: string) => !NOT_ADDRESS.has(c) && c.trim() !== '';
const isLetter = (c: string | undefined) => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));

/** Where a domain ends: after its last dot (not its first character) followed by 2+ letters, and those letters; 0: none. */
function domainEnd(domain: string): number {
  for (let dot = domain.lastIndexOf('.'); dot >= 1; dot = domain.lastIndexOf('.', dot - 1)) {
    let end = dot + 1;
    while (isLetter(domain[end])) end++;
    if (end - dot - 1 >= 2) return end;
  }
  return 0;
}

/**
 * Email addresses (a run of address characters, '@', a run with a dot and 2+ letters) replaced with [redacted], in one
 * pass over the text. As a pattern (`[^\s@…]+@[^\s@…]+\.[A-Za-z]{2,}` with the g flag) it was tried from every character
 * of a long run: quadratic in the text's length.
 */
function redactAddresses(text: string): string {
  let out = '';
  let done = 0;
  for (let at = text.indexOf('@'); at !== -1; ) {
    let start = at;
    while (start > done && isAddressChar(text[start - 1])) start--;
    let stop = at + 1;
    while (stop < text.length && isAddressChar(text[stop])) stop++;
    const end = start < at ? domainEnd(text.slice(at + 1, stop)) : 0;
    if (end > 0) {
      out += `${text.slice(done, start)}[redacted]`;
      done = at + 1 + end;
      at = text.indexOf('@', done);
    } else at = text.indexOf('@', at + 1);
  }
  return out + text.slice(done);
}

/** Bearer tokens and Cairn's opaque tokens (cat_…, crt_…) and secrets in query strings, wherever they appear. */
const PERSONAL = [
  /\bBearer\s+[^\s"',;]+/gi,
  /\b(?:cat|crt)_[A-Za-z0-9_-]{16,}/g,
  /([?&](?:token|access_token|refresh_token|id_token|code|email|username)=)[^&#\s]+/gi,
];

/** Replaces personal data in a text reported to a third party (error reports, analytics) with [redacted]. */
export function scrubPersonalData(text: string): string {
  let out = redactAddresses(text);
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
