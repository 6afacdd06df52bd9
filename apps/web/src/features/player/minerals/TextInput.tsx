import type { MineralType } from '@cairn/shared/api/trails';
import { useTranslation } from 'react-i18next';
import type { MineralProps } from './types';

const INPUT: Partial<
  Record<MineralType, { type: string; inputMode?: 'decimal' | 'email' | 'url'; autoComplete?: string }>
> = {
  number_input: { type: 'text', inputMode: 'decimal' },
  email_input: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  url_input: { type: 'url', inputMode: 'url', autoComplete: 'url' },
};

export const fieldClass =
  'w-full min-h-11 rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-600 disabled:bg-slate-100 disabled:text-slate-700';

/** text_input, number_input, email_input and url_input. */
export function TextInput({ mineral, draft, onChange, readOnly, labelId, errorId }: MineralProps) {
  const { t } = useTranslation('player');
  const value = draft.value === null || draft.value === undefined ? '' : String(draft.value);
  const common = {
    'aria-labelledby': labelId,
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': errorId,
    disabled: readOnly,
    value,
    className: fieldClass,
    placeholder: t(`placeholder.${mineral.type as 'text_input'}`),
  };
  if (mineral.type === 'text_input')
    return <textarea rows={3} {...common} onChange={(e) => onChange({ value: e.target.value })} />;
  // number stays text: type=number hides what was typed when it is not a number, so the rule could not say why
  const input = INPUT[mineral.type] ?? { type: 'text' };
  return <input {...input} {...common} onChange={(e) => onChange({ value: e.target.value })} />;
}
