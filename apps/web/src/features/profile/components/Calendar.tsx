import 'react-day-picker/style.css';
import type { LocaleCode } from '@cairn/shared/locales';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { DayPicker, type DayPickerLocale } from 'react-day-picker';
import { useLocale } from '../../../lib/use-locale';
import { dateToIso, isoToDate } from '../birth-date';

/** The calendar's month names and button labels per interface language (date-fns has no Tagalog: English). */
const PICKER_LOCALES: Partial<Record<LocaleCode, () => Promise<DayPickerLocale>>> = {
  de: () => import('react-day-picker/locale/de').then((m) => m.de),
  es: () => import('react-day-picker/locale/es').then((m) => m.es),
  fr: () => import('react-day-picker/locale/fr').then((m) => m.fr),
  hi: () => import('react-day-picker/locale/hi').then((m) => m.hi),
  id: () => import('react-day-picker/locale/id').then((m) => m.id),
  it: () => import('react-day-picker/locale/it').then((m) => m.it),
  ms: () => import('react-day-picker/locale/ms').then((m) => m.ms),
  nl: () => import('react-day-picker/locale/nl').then((m) => m.nl),
  pl: () => import('react-day-picker/locale/pl').then((m) => m.pl),
  th: () => import('react-day-picker/locale/th').then((m) => m.th),
  zh_CN: () => import('react-day-picker/locale/zh-CN').then((m) => m.zhCN),
  zh_HK: () => import('react-day-picker/locale/zh-HK').then((m) => m.zhHK),
  zh_TW: () => import('react-day-picker/locale/zh-TW').then((m) => m.zhTW),
};

function usePickerLocale(): DayPickerLocale | undefined {
  const locale = useLocale();
  const [loaded, setLoaded] = useState<DayPickerLocale>();
  useEffect(() => {
    let live = true;
    const load = PICKER_LOCALES[locale];
    if (!load) setLoaded(undefined);
    else
      load().then(
        (l) => live && setLoaded(l),
        () => live && setLoaded(undefined),
      );
    return () => {
      live = false;
    };
  }, [locale]);
  return loaded;
}

const PICKER_STYLE = {
  '--rdp-accent-color': 'rgb(var(--accent))',
  '--rdp-accent-background-color': 'rgb(var(--accent) / 0.15)',
  '--rdp-today-color': 'rgb(15 23 42)',
  '--rdp-day-height': '2.5rem',
  '--rdp-day-width': '2.5rem',
  '--rdp-day_button-height': '2.375rem',
  '--rdp-day_button-width': '2.375rem',
} as CSSProperties;

interface Props {
  /** the chosen day, 'YYYY-MM-DD' (anything else: none) */
  value: string;
  /** first and last choosable days, 'YYYY-MM-DD' */
  min: string;
  max: string;
  onPick: (iso: string) => void;
}

/**
 * The month calendar of the date field's dialog: month and year dropdowns (newest year first), days outside
 * min–max disabled, arrow keys move between days, Enter picks; month names and labels in the interface language.
 */
export default function Calendar({ value, min, max, onPick }: Props) {
  const locale = usePickerLocale();
  const selected = isoToDate(value);
  const root = useRef<HTMLDivElement>(null);
  // the dialog focuses its first control when it opens; the day the keyboard starts from (the chosen one, else the
  // last choosable month's) takes the focus after that
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      root.current?.querySelector<HTMLButtonElement>('button.rdp-day_button[tabindex="0"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div ref={root}>
      <DayPicker
        mode="single"
        selected={selected}
        onSelect={(d) => d && onPick(dateToIso(d))}
        defaultMonth={selected ?? isoToDate(max)}
        startMonth={isoToDate(min)}
        endMonth={isoToDate(max)}
        disabled={[{ before: isoToDate(min) as Date }, { after: isoToDate(max) as Date }]}
        captionLayout="dropdown"
        reverseYears
        autoFocus
        locale={locale}
        style={PICKER_STYLE}
      />
    </div>
  );
}
