import { isPossiblePhoneNumber, parsePhoneNumber } from 'react-phone-number-input/input';

/** The server's rule for a mobile number (accounts.service validateProfilePatch). */
export const MOBILE_PATTERN = '^\\+?[0-9 ()./-]{4,40}$';

/**
 * A stored mobile number → the E.164 value the international input works with ('+41 79 123 45 67' →
 * '+41791234567'). A number stored without its country code cannot be placed in a country: its digits are kept
 * after a '+', so the learner sees them and can put the code in front.
 */
export function toE164(stored: string | null): string {
  const text = stored?.trim() ?? '';
  if (text === '') return '';
  const parsed = text.startsWith('+') ? parsePhoneNumber(text) : undefined;
  if (parsed) return parsed.number;
  const digits = text.replace(/\D/g, '');
  return digits ? `+${digits}` : '';
}

/** True when the number can be a phone number by its length for its country calling code. */
export function isPossibleMobile(e164: string): boolean {
  return isPossiblePhoneNumber(e164);
}

/** Typed or pasted text → '+' and its digits (at most 15, the E.164 length); '' when it has no digit. */
export function phoneFromText(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 15);
  return digits ? `+${digits}` : '';
}

/** An E.164 number as shown: spaced the way its country writes it once it can be a number, else as typed. */
export function displayPhone(e164: string): string {
  if (e164 && isPossiblePhoneNumber(e164)) return parsePhoneNumber(e164)?.formatInternational() ?? e164;
  return e164;
}

/** Where the caret goes in `display` to stand after `digits` digits (keeps it in place while the text is respaced). */
export function caretAfterDigits(display: string, digits: number): number {
  if (digits <= 0) return display.startsWith('+') ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < display.length; i++) {
    if (/\d/.test(display[i]) && ++seen === digits) return i + 1;
  }
  return display.length;
}
