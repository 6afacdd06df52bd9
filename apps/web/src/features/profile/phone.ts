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
