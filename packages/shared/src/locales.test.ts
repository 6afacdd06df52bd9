import { describe, expect, it } from 'vitest';
import { invitationLabels } from './invitation-mail';
import { forLocale, LOCALE_CODES } from './locales';
import { ltiLabelsFor } from './lti-labels';
import { PDF_LABELS, pdfLabelsFor } from './pdf-labels';

describe('forLocale: one lookup for every table kept in the 15 locales', () => {
  const table = Object.fromEntries(LOCALE_CODES.map((c) => [c, `text-${c}`])) as Record<
    (typeof LOCALE_CODES)[number],
    string
  >;

  it("answers the locale's own entry for each of the 15", () => {
    for (const code of LOCALE_CODES) expect(forLocale(table, code)).toBe(`text-${code}`);
  });

  it("answers English's for an unknown code, a missing one, or a name every object inherits", () => {
    for (const code of ['xx', '', undefined, 42, 'constructor', 'toString', '__proto__'])
      expect(forLocale(table, code)).toBe('text-en');
  });

  it('serves the PDF, LTI page and invitation texts the same way', () => {
    expect(pdfLabelsFor('de')).toBe(PDF_LABELS.de);
    for (const odd of ['xx', 'constructor', 'hasOwnProperty']) {
      expect(pdfLabelsFor(odd)).toEqual(pdfLabelsFor('en'));
      expect(ltiLabelsFor(odd)).toEqual(ltiLabelsFor('en'));
      expect(invitationLabels(odd)).toEqual(invitationLabels('en'));
    }
    expect(ltiLabelsFor('fr')).not.toEqual(ltiLabelsFor('en'));
    expect(invitationLabels('pl')).not.toEqual(invitationLabels('en'));
  });
});
