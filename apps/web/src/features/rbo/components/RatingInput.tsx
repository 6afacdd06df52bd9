import type { RboScale } from '@cairn/shared/api/ratings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** §9 emoji order for 1 to 5: frown, frown-open, meh, smile, laugh-beam. */
export const EMOJIS = ['☹️', '😦', '😐', '🙂', '😄'] as const;
const VALUES = [1, 2, 3, 4, 5] as const;

export function Star({ filled, className = 'size-7' }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={`${className} ${filled ? 'text-star' : 'text-slate-300'}`}>
      <path fill="currentColor" d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3 6.1 20.6l1.3-6.6L2.5 9.4l6.6-.8z" />
    </svg>
  );
}

/** A rating shown, not asked: stars (or the emoji) with the value said to assistive technology. */
export function RatingView({
  value,
  scale = 'stars',
  size = 'size-5',
}: {
  value: number;
  scale?: RboScale;
  size?: string;
}) {
  const { t } = useTranslation('rbo');
  return (
    <span role="img" aria-label={t('scale.value', { value })} className="inline-flex items-center gap-0.5">
      {scale === 'emojis' ? (
        <span className="text-xl leading-none">{EMOJIS[value - 1]}</span>
      ) : (
        VALUES.map((v) => <Star key={v} filled={v <= value} className={size} />)
      )}
    </span>
  );
}

/** Choosing 1 to 5 as a radio group (arrow keys move, Space picks), as stars or the five emojis. */
export function RatingInput({
  value,
  onChange,
  scale,
  disabled = false,
}: {
  value: number | null;
  onChange: (v: number) => void;
  scale: RboScale;
  disabled?: boolean;
}) {
  const { t } = useTranslation('rbo');
  const name = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 font-semibold text-slate-900">{t('form.rating')}</legend>
      <div className="flex flex-wrap gap-1">
        {VALUES.map((v) => (
          <label
            key={v}
            className="relative flex size-12 cursor-pointer items-center justify-center rounded-xl has-[:checked]:bg-accent/15 has-[:focus-visible]:outline-4 has-[:focus-visible]:outline-slate-900"
          >
            <input
              type="radio"
              name={name}
              value={v}
              checked={value === v}
              onChange={() => onChange(v)}
              className="sr-only"
            />
            <span className="sr-only">{t(`scale.${v}`)}</span>
            {scale === 'emojis' ? (
              <span aria-hidden="true" className={`text-3xl ${value === v ? '' : 'opacity-60 grayscale'}`}>
                {EMOJIS[v - 1]}
              </span>
            ) : (
              <Star filled={value !== null && v <= value} className="size-9" />
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
