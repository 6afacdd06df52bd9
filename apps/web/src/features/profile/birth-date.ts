/**
 * The birth date: shown and typed as YYYY/MM/DD, stored and sent as YYYY-MM-DD (§5). Dates are calendar days with
 * no time zone, so they are handled in UTC throughout.
 */

/** The earliest birth date accepted (the picker starts there too). */
export const BIRTH_MIN = '1900-01-01';

const TYPED_RE = /^\s*(\d{4})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' → 'YYYY/MM/DD'; anything else is returned unchanged (a half-typed entry stays as typed). */
export function isoToDisplay(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.replaceAll('-', '/') : iso;
}

/**
 * Typed text → 'YYYY-MM-DD' when it names a real calendar day as year, month and day (YYYY/MM/DD; '-' or '.' also
 * separate, one-digit month and day are padded); null otherwise (wrong order, 2023/02/30, letters).
 */
export function parseTypedDate(text: string): string | null {
  const m = TYPED_RE.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${pad(mo)}-${pad(d)}`;
}

/** Today as 'YYYY-MM-DD' in the user's own calendar (a birth date may be today, never later). */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** True when an ISO date lies between BIRTH_MIN and today (ISO strings compare in date order). */
export function isPlausibleBirth(iso: string, now: Date = new Date()): boolean {
  return iso >= BIRTH_MIN && iso <= todayIso(now);
}

/** 'YYYY-MM-DD' → the picker's Date (local midnight of that day), or undefined. */
export function isoToDate(iso: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

/** The picker's Date (local calendar day) → 'YYYY-MM-DD'. */
export function dateToIso(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
