import { describe, expect, it } from 'vitest';
import { invitationLabels } from './invitation-mail';
import { forLocale, LOCALE_CODES, MESSAGE_FILES, messageChunkName } from './locales';
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

describe('message files (§9): tl-ph, zh-cn, zh-hk, zh-tw', () => {
  it('names the served messages of Tagalog and the three Chinese locales as the spec does, the others by code', () => {
    expect(MESSAGE_FILES.tl).toBe('tl-ph');
    expect(MESSAGE_FILES.zh_CN).toBe('zh-cn');
    expect(MESSAGE_FILES.zh_HK).toBe('zh-hk');
    expect(MESSAGE_FILES.zh_TW).toBe('zh-tw');
    for (const code of LOCALE_CODES.filter((c) => !['tl', 'zh_CN', 'zh_HK', 'zh_TW'].includes(c)))
      expect(MESSAGE_FILES[code]).toBe(code);
  });

  it("names a locale's namespace chunk after its message file, and nothing else", () => {
    expect(messageChunkName('/work/apps/web/src/locales/zh_CN/common.json')).toBe('zh-cn.common');
    expect(messageChunkName('/w/src/locales/tl/admin-trails.json')).toBe('tl-ph.admin-trails');
    expect(messageChunkName('/w/src/locales/de/auth.json')).toBe('de.auth');
    expect(messageChunkName('/w/src/locales/xx/auth.json')).toBeNull();
    expect(messageChunkName('/w/src/features/player/PlayerScreen.tsx')).toBeNull();
  });
});
