import { useTranslation } from 'react-i18next';
import { ChoiceBox } from './ChoiceBox';
import { EMOJI_ORDER, Emoji, Star } from './icons';
import type { MineralProps } from './types';

const POINTS = [1, 2, 3, 4, 5] as const;

/** 5_point_rating: numbers, stars or emojis, each point optionally labelled label_1..label_5. */
export function Rating({ mineral, draft, onChange, readOnly, labelId, errorId }: MineralProps) {
  const { t } = useTranslation('player');
  const p = mineral.properties;
  const look = p.type === 'stars' || p.type === 'emojis' ? p.type : 'numbers';
  const chosen = typeof draft.value === 'number' ? draft.value : Number(draft.value ?? 0);
  return (
    <div role="radiogroup" aria-labelledby={labelId} className="grid grid-cols-5 gap-2">
      {POINTS.map((n) => {
        const label = p[`label_${n}`];
        return (
          <div key={n} className="flex flex-col items-center gap-1">
            <ChoiceBox
              type="radio"
              name={`rating-${mineral.id}`}
              checked={chosen === n}
              disabled={readOnly}
              onChange={() => onChange({ value: n })}
              describedBy={errorId}
              ariaLabel={label ? t('rating.labelled', { value: n, label }) : t('rating.point', { value: n })}
              className={`size-14 sm:size-16 ${look === 'stars' ? 'has-checked:bg-white has-checked:text-slate-900' : ''}`}
            >
              {look === 'numbers' && (
                <span aria-hidden="true" className="text-xl font-bold">
                  {n}
                </span>
              )}
              {look === 'stars' && <Star filled={chosen >= n} />}
              {look === 'emojis' && <Emoji face={EMOJI_ORDER[n - 1]} />}
            </ChoiceBox>
            {label && (
              <span aria-hidden="true" className="text-center text-xs text-slate-700 sm:text-sm">
                {label}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
