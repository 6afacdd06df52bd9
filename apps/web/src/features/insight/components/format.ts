import { useTranslation } from 'react-i18next';

/** Figures as the screen prints them: one decimal in the reader's locale, a dash when undefined. */
export function useFigure() {
  const { i18n } = useTranslation();
  const nf = new Intl.NumberFormat(i18n.language.replace('_', '-'), { maximumFractionDigits: 1 });
  const nf2 = new Intl.NumberFormat(i18n.language.replace('_', '-'), { maximumFractionDigits: 2 });
  return {
    pct: (v: number | null) => (v === null ? '—' : `${nf.format(v)} %`),
    num: (v: number | null) => (v === null ? '—' : nf2.format(v)),
    secs: (v: number | null) => {
      if (v === null) return '—';
      const s = Math.round(v);
      return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
    },
  };
}
