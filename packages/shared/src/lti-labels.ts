// The texts of the pages the server renders for LTI launches (refusals, the new-window step, the deep-linking picker)
// in the 15 interface languages, read in the launch's language. They live in locales/<code>/lti.json, which the
// locale coverage test (apps/web/src/locales/locales.test.ts) checks like the web's own.

import type { LocaleCode } from './locales';
import de from './locales/de/lti.json';
import en from './locales/en/lti.json';
import es from './locales/es/lti.json';
import fr from './locales/fr/lti.json';
import hi from './locales/hi/lti.json';
import id from './locales/id/lti.json';
import it from './locales/it/lti.json';
import ms from './locales/ms/lti.json';
import nl from './locales/nl/lti.json';
import pl from './locales/pl/lti.json';
import th from './locales/th/lti.json';
import tl from './locales/tl/lti.json';
import zh_CN from './locales/zh_CN/lti.json';
import zh_HK from './locales/zh_HK/lti.json';
import zh_TW from './locales/zh_TW/lti.json';

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
export const ltiLabelsFor = (locale: string): LtiLabels => LTI_LABELS[locale as LocaleCode] ?? LTI_LABELS.en;
