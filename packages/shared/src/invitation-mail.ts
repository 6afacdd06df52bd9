// The invitation mail's texts in the 15 interface languages (the mail is read in the invitee's language). They live
// in locales/<code>/invitation.json, which the locale coverage test (apps/web/src/locales/locales.test.ts) checks like
// the web's own: every key, translated, in all 15.

import { forLocale, type LocaleCode } from './locales';
import de from './locales/de/invitation.json';
import en from './locales/en/invitation.json';
import es from './locales/es/invitation.json';
import fr from './locales/fr/invitation.json';
import hi from './locales/hi/invitation.json';
import id from './locales/id/invitation.json';
import it from './locales/it/invitation.json';
import ms from './locales/ms/invitation.json';
import nl from './locales/nl/invitation.json';
import pl from './locales/pl/invitation.json';
import th from './locales/th/invitation.json';
import tl from './locales/tl/invitation.json';
import zh_CN from './locales/zh_CN/invitation.json';
import zh_HK from './locales/zh_HK/invitation.json';
import zh_TW from './locales/zh_TW/invitation.json';

export type InvitationLabels = typeof en;

export const INVITATION_LABELS: Record<LocaleCode, InvitationLabels> = {
  de,
  en,
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

/** The labels of a language, English when it is not one of the 15. */
export function invitationLabels(language: string): InvitationLabels {
  return forLocale(INVITATION_LABELS, language);
}
