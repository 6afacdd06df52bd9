/**
 * Text helpers for what users type: bidirectional controls and trailing characters, without a pattern that could
 * backtrack (apps/server/scripts/regex-audit.ts checks the patterns here too).
 */
import { URL_MAX } from './validation';

/**
 * The bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069). In a name, a file name
 * or a chat message they reorder what others see ("gpj.exe" shown as "exe.jpg"); they have no other use there, so
 * they are stripped where such text is received (names and messages alike: the rest of the text stays).
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** The text without bidirectional controls. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/** The text without the trailing run of `ch` (one character): `/x+$/` in a loop, without the pattern's backtracking. */
export function trimTrailing(text: string, ch: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === ch) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** Whether the text is an absolute http: or https: URL of at most URL_MAX characters (javascript:, data: … are not). */
export function isHttpUrl(text: string): boolean {
  if (text.length > URL_MAX) return false;
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
