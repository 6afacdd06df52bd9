/**
 * The listener's fast reading of the common pg_notify payload: a stored notification's `{"id":N,"user_id":M}`
 * (createNotification's JSON.stringify) or `{"id" : N, "user_id" : M}` (PostgreSQL's json_build_object, the
 * multi-row inserts). Read by hand, without the object JSON.parse builds for each of a fan-out's 10,000 payloads
 * (docs/performance.md, Round 13 — the 10,000-socket fan-out). Anything else — an event with data, other keys, another
 * order or spacing, a number that is not a plain integer — is not of this form: the caller parses it as JSON.
 */
export interface PlainNotification {
  id: number;
  userId: number;
}

/** The one result object, overwritten by each call: read it before the next payload. */
const plain: PlainNotification = { id: 0, userId: 0 };
/** Longer than any plain payload (two 15-digit numbers and spaces): the pattern never walks a long string. */
const MAX_LENGTH = 64;
const ID_KEY = '{"id"';
const USER_KEY = '"user_id"';
const SPACE = 32;
const COLON = 58;
const COMMA = 44;
const CLOSE = 125;

let at = 0;
let value = 0;

function skipSpaces(s: string, i: number): number {
  while (s.charCodeAt(i) === SPACE) i++;
  return i;
}

/** Reads 1–15 digits at `i` into `value` (a safe integer), `at` after them; false if there are none or too many. */
function readInt(s: string, i: number): boolean {
  const start = i;
  let n = 0;
  for (let c = s.charCodeAt(i); c >= 48 && c <= 57; c = s.charCodeAt(++i)) n = n * 10 + (c - 48);
  if (i === start || i - start > 15) return false;
  value = n;
  at = i;
  return true;
}

/** `:` with optional spaces around it, then an integer (into `value`, `at` after it). */
function readField(s: string, i: number): boolean {
  i = skipSpaces(s, i);
  return s.charCodeAt(i) === COLON && readInt(s, skipSpaces(s, i + 1));
}

/** The notification and user ids of a plain payload (the shared result object), or undefined if it is not one. */
export function parsePlainNotification(s: string): PlainNotification | undefined {
  if (s.length > MAX_LENGTH || !s.startsWith(ID_KEY) || !readField(s, ID_KEY.length)) return undefined;
  const id = value;
  let i = skipSpaces(s, at);
  if (s.charCodeAt(i) !== COMMA) return undefined;
  i = skipSpaces(s, i + 1);
  if (!s.startsWith(USER_KEY, i) || !readField(s, i + USER_KEY.length)) return undefined;
  i = skipSpaces(s, at);
  if (i !== s.length - 1 || s.charCodeAt(i) !== CLOSE) return undefined;
  plain.id = id;
  plain.userId = value;
  return plain;
}
