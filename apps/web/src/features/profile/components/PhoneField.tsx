import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { caretAfterDigits, displayPhone, phoneFromText } from '../phone';

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
 * The mobile number in international form (§5): whatever is typed or pasted keeps only its digits behind one
 * leading '+', the number is spaced as its country writes it (react-phone-number-input's metadata) once it can be a
 * number, and the value is E.164. The library's own input reports changes from an effect and dropped keystrokes
 * typed quickly in Chromium, so this input is a plain controlled one over the library's parsing.
 */
export function PhoneField({ label, value, onChange, onBlur, error, name }: Props) {
  const { t } = useTranslation('me');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => displayPhone(value));
  const caret = useRef<number | null>(null);
  const reported = useRef(value);
  // a value set from outside (a reset) shows; the one this input reported does not come back over the typing
  if (value !== reported.current) {
    reported.current = value;
    setText(displayPhone(value));
  }

  useLayoutEffect(() => {
    if (caret.current !== null && input.current === document.activeElement) {
      input.current?.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  });

  const change = (e: React.ChangeEvent<HTMLInputElement>) => {
    const typed = e.target.value;
    const digitsBeforeCaret = typed.slice(0, e.target.selectionStart ?? typed.length).replace(/\D/g, '').length;
    const next = phoneFromText(typed);
    const shown = displayPhone(next);
    caret.current = caretAfterDigits(shown, digitsBeforeCaret);
    setText(shown);
    reported.current = next;
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        name={name}
        type="tel"
        value={text}
        onChange={change}
        onBlur={onBlur}
        autoComplete="tel"
        inputMode="tel"
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
