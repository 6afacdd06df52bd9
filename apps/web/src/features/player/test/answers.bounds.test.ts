import { EMAIL_MAX, URL_MAX } from '@cairn/shared/validation';
import { describe, expect, it } from 'vitest';
import { mineralError } from '../answers';
import { mineral } from './player.fixtures';

describe('answer rules check the length before the pattern (issue 26: ReDoS)', () => {
  it('refuses a long email or url answer as too long, at once', () => {
    const t = performance.now();
    expect(mineralError(mineral('email_input'), { value: `a@${'.'.repeat(200_000)} ` }, true)).toEqual({
      rule: 'max',
      params: { length: EMAIL_MAX },
    });
    expect(mineralError(mineral('url_input'), { value: `${'a'.repeat(200_000)}!` }, true)).toEqual({
      rule: 'max',
      params: { length: URL_MAX },
    });
    expect(performance.now() - t).toBeLessThan(100);
  });

  it('still checks the pattern within the bound', () => {
    expect(mineralError(mineral('email_input'), { value: 'ann@' }, true)?.rule).toBe('email');
    expect(mineralError(mineral('url_input'), { value: 'https://example.com/page' }, true)).toBeNull();
  });
});
