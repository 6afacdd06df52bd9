import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import PhoneInput from 'react-phone-number-input/input';

interface Props {
  label: string;
  /** E.164 ('+41791234567') or '' */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  name?: string;
}

/**
 * The mobile number in international form (§5). With no country given the input is international-only: a leading
 * '+' is put in front of the first digit, only digits can be typed after it, the number is spaced as its country
 * writes it, and the value is E.164.
 */
export function PhoneField({ label, value, onChange, onBlur, error, name }: Props) {
  const { t } = useTranslation('me');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <PhoneInput
        id={id}
        name={name}
        value={value || undefined}
        onChange={(v) => onChange(v ?? '')}
        onBlur={onBlur}
        autoComplete="tel"
        inputMode="tel"
        placeholder="+41 79 123 45 67"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-600"
      />
      <p id={hintId} className="text-sm text-slate-600">
        {t('edit.mobileHint')}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
