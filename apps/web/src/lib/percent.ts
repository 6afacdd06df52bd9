/**
 * A whole percentage as the language writes it: "82%" in English, "82 %" in German and French, the number and its
 * sign joined by a no-break space where there is one, so a line never breaks between them.
 */
export function formatPercent(percent: number, language: string): string {
  return new Intl.NumberFormat(language.replace('_', '-'), { style: 'percent', maximumFractionDigits: 0 }).format(
    percent / 100,
  );
}
