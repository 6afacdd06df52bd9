import { checkRule } from '@cairn/shared/validation';
import { describe, expect, it } from 'vitest';
import { caretAfterDigits, displayPhone, isPossibleMobile, MOBILE_PATTERN, phoneFromText, toE164 } from './phone';

describe('mobile number', () => {
  it('reads a stored international number into E.164', () => {
    expect(toE164('+41 79 123 45 67')).toBe('+41791234567');
    expect(toE164('+1 (212) 555-0100')).toBe('+12125550100');
    expect(toE164('+4930123456')).toBe('+4930123456');
  });

  it('keeps the digits of a number stored without its country code, and nothing for no number', () => {
    expect(toE164('030 123 456')).toBe('+030123456');
    expect(toE164(null)).toBe('');
    expect(toE164('  ')).toBe('');
  });

  it('tells possible numbers from too short or too long ones', () => {
    expect(isPossibleMobile('+41791234567')).toBe(true);
    expect(isPossibleMobile('+4179')).toBe(false);
    expect(isPossibleMobile('+4179123456789012')).toBe(false);
  });

  it('sends only what the server accepts', () => {
    expect(checkRule('+41791234567', { rule: 'regex', pattern: MOBILE_PATTERN })).toBe(true);
    expect(checkRule('+41 79 abc', { rule: 'regex', pattern: MOBILE_PATTERN })).toBe(false);
  });

  it('keeps only digits behind one leading +, at most 15', () => {
    expect(phoneFromText('41abc79x12')).toBe('+417912');
    expect(phoneFromText('+41 (79) 123-45.67')).toBe('+41791234567');
    expect(phoneFromText('abc')).toBe('');
    expect(phoneFromText('+1234567890123456789')).toBe('+123456789012345');
  });

  it('spaces a number the way its country writes it once it is possible', () => {
    expect(displayPhone('+41791234567')).toBe('+41 79 123 45 67');
    expect(displayPhone('+4179')).toBe('+4179');
    expect(displayPhone('')).toBe('');
  });

  it('puts the caret back after the same digits when the text is respaced', () => {
    expect(caretAfterDigits('+41 79 123 45 67', 4)).toBe(6);
    expect(caretAfterDigits('+41 79 123 45 67', 0)).toBe(1);
    expect(caretAfterDigits('+41 79 123 45 67', 11)).toBe(16);
  });
});
