// The texts of the results and certificate PDFs in the 15 interface languages (the PDF is read in the
// learner's language). They live in locales/<code>/pdf.json, which the locale coverage test
// (apps/web/src/locales/locales.test.ts) checks like the web's own: every key, translated, in all 15.

import { forLocale, type LocaleCode } from './locales';
import de from './locales/de/pdf.json';
import en from './locales/en/pdf.json';
import es from './locales/es/pdf.json';
import fr from './locales/fr/pdf.json';
import hi from './locales/hi/pdf.json';
import id from './locales/id/pdf.json';
import it from './locales/it/pdf.json';
import ms from './locales/ms/pdf.json';
import nl from './locales/nl/pdf.json';
import pl from './locales/pl/pdf.json';
import th from './locales/th/pdf.json';
import tl from './locales/tl/pdf.json';
import zh_CN from './locales/zh_CN/pdf.json';
import zh_HK from './locales/zh_HK/pdf.json';
import zh_TW from './locales/zh_TW/pdf.json';

export type PdfLabels = typeof en;

export const PDF_LABELS: Record<LocaleCode, PdfLabels> = {
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

/** The labels of a locale; English for any other code. */
export const pdfLabelsFor = (locale: string): PdfLabels => forLocale(PDF_LABELS, locale);
