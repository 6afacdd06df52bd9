// The texts of the pages the server renders for LTI launches (refusals, the new-window step, the deep-linking picker)
// in the 15 interface languages, read in the launch's language. They live in locales/<code>/lti-pages.json, which the
// locale coverage test (apps/web/src/locales/locales.test.ts) checks like the web's own.

import { forLocale, type LocaleCode } from './locales';
import de from './locales/de/lti-pages.json';
import en from './locales/en/lti-pages.json';
import es from './locales/es/lti-pages.json';
import fr from './locales/fr/lti-pages.json';
import hi from './locales/hi/lti-pages.json';
import id from './locales/id/lti-pages.json';
import it from './locales/it/lti-pages.json';
import ms from './locales/ms/lti-pages.json';
import nl from './locales/nl/lti-pages.json';
import pl from './locales/pl/lti-pages.json';
import th from './locales/th/lti-pages.json';
import tl from './locales/tl/lti-pages.json';
import zh_CN from './locales/zh_CN/lti-pages.json';
import zh_HK from './locales/zh_HK/lti-pages.json';
import zh_TW from './locales/zh_TW/lti-pages.json';

export type LtiLabels = typeof en;

export const LTI_LABELS: Record<LocaleCode, LtiLabels> = {
  en,
  de,
  es,
  fr,
  hi,
  id,
  it,
  ms,
  nl,
  pl,
  th,
  tl,
  zh_CN,
  zh_HK,
  zh_TW,
};

/** The LTI page texts of a locale; English for any other code. */
export const ltiLabelsFor = (locale: string): LtiLabels => forLocale(LTI_LABELS, locale);
