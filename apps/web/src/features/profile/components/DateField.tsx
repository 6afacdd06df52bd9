import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { BIRTH_MIN, isoToDisplay, parseTypedDate, todayIso } from '../birth-date';

// the calendar (date-fns and its month names) loads when it is first opened
const Calendar = lazy(() => import('./Calendar'));

interface Props {
  label: string;
  /** 'YYYY-MM-DD', '' or the text as typed while it is not a date yet */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  name?: string;
  /** earliest and latest choosable days, 'YYYY-MM-DD' (a birth date: 1900-01-01 up to today) */
  min?: string;
  max?: string;
}

/**
 * A date typed as YYYY/MM/DD or picked from a calendar in a dialog (§5: shown YYYY/MM/DD, value YYYY-MM-DD).
 * What is typed is kept as typed; the value becomes the ISO date as soon as the text names a real day.
 */
export function DateField({ label, value, onChange, onBlur, error, name, min = BIRTH_MIN, max }: Props) {
  const { t } = useTranslation(['me', 'common']);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [text, setText] = useState(() => isoToDisplay(value));
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const last = max ?? todayIso();

  // a value set from outside (the calendar, a reset) shows in the text box; text that already means it stays
  useEffect(() => {
    if ((parseTypedDate(text) ?? text) !== value) setText(isoToDisplay(value));
  }, [value, text]);

  const type = (next: string) => {
    setText(next);
    onChange(next.trim() === '' ? '' : (parseTypedDate(next) ?? next));
  };

  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => opener.current?.focus());
  };

  const pick = (iso: string) => {
    setText(isoToDisplay(iso));
    onChange(iso);
    onBlur();
    close();
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name={name}
          value={text}
          onChange={(e) => type(e.target.value)}
          onBlur={onBlur}
          inputMode="numeric"
          autoComplete="bday"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-invalid:border-red-600"
        />
        <Button
          ref={opener}
          variant="secondary"
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          aria-label={t('edit.openCalendar', { field: label })}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M3 10h18M8 3v4M16 3v4" />
          </svg>
        </Button>
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {t('edit.dateHint')}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Dialog open={open} title={t('edit.calendarTitle', { field: label })} onClose={close}>
        <div className="flex flex-col items-center gap-3">
          <Suspense fallback={<Spinner label={t('common:status.loading')} />}>
            <Calendar value={value} min={min} max={last} onPick={pick} />
          </Suspense>
          <Button variant="secondary" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
