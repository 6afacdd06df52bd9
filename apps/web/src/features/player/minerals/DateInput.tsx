import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { SelectField } from '../../../ui/SelectField';
import type { MineralProps } from './types';

const pad = (n: number) => String(n).padStart(2, '0');

/** date_input: day, month and year selects producing YYYY-MM-DD; a partial date fails the date rule. */
export function DateInput({ draft, onChange, readOnly, labelId, errorId }: MineralProps) {
  const { t } = useTranslation('player');
  const locale = useLocale();
  const [year = '', month = '', day = ''] = typeof draft.value === 'string' ? draft.value.split('-') : [];
  const thisYear = new Date().getFullYear();
  const monthName = new Intl.DateTimeFormat(locale.replace('_', '-'), { month: 'long', timeZone: 'UTC' });

  function set(part: 'year' | 'month' | 'day', v: string) {
    const next = { year, month, day, [part]: v };
    const empty = !next.year && !next.month && !next.day;
    onChange({ value: empty ? null : `${next.year}-${next.month}-${next.day}` });
  }
  const shared = {
    placeholder: t('date.placeholder'),
    disabled: readOnly,
    'aria-describedby': errorId,
    className: 'flex-1',
  };
  return (
    <fieldset aria-labelledby={labelId} className="m-0 flex min-w-0 flex-wrap gap-3 border-0 p-0">
      <SelectField
        {...shared}
        label={t('date.day')}
        value={day}
        onChange={(e) => set('day', e.target.value)}
        options={Array.from({ length: 31 }, (_, i) => ({ value: pad(i + 1), label: String(i + 1) }))}
      />
      <SelectField
        {...shared}
        className="flex-[2]"
        label={t('date.month')}
        value={month}
        onChange={(e) => set('month', e.target.value)}
        options={Array.from({ length: 12 }, (_, i) => ({
          value: pad(i + 1),
          label: monthName.format(new Date(Date.UTC(2000, i, 1))),
        }))}
      />
      <SelectField
        {...shared}
        label={t('date.year')}
        value={year}
        onChange={(e) => set('year', e.target.value)}
        options={Array.from({ length: thisYear + 10 - 1900 + 1 }, (_, i) => {
          const y = String(thisYear + 10 - i);
          return { value: y, label: y };
        })}
      />
    </fieldset>
  );
}
