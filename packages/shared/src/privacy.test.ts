import { describe, expect, it } from 'vitest';
import { scrubDeep, scrubPersonalData } from './privacy';

describe('scrubbing personal data from reports', () => {
  it('removes addresses, bearer and Cairn tokens, and secrets in query strings', () => {
    const text =
      'user ada.l@example.co.uk failed; Authorization: Bearer abc.def.ghi; token cat_' +
      'x'.repeat(43) +
      ' at /password/reset?email=ada%40example.com&token=s3cret#top';
    const out = scrubPersonalData(text);
    expect(out).not.toMatch(/example\.co\.uk|abc\.def|cat_x|s3cret|ada%40/);
    expect(out).toContain('/password/reset?email=[redacted]&token=[redacted]#top');
  });

  it('leaves ordinary text alone and scrubs nested values', () => {
    expect(scrubPersonalData('Cannot read properties of undefined (reading map)')).toBe(
      'Cannot read properties of undefined (reading map)',
    );
    expect(scrubDeep({ a: ['mail me: x@y.org'], n: 3 })).toEqual({ a: ['mail me: [redacted]'], n: 3 });
  });
});
