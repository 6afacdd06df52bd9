import { scaleFor } from '@cairn/shared/minerals';
import { useTranslation } from 'react-i18next';
import { ChoiceBox } from './ChoiceBox';
import type { MineralProps } from './types';

/** opinion: a numeric scale min..max; rows of 6 when there are more than 10 points, else 5 (§9). */
export function Opinion({ mineral, draft, onChange, readOnly, labelId, errorId }: MineralProps) {
  const { t } = useTranslation('player');
  const { label_left, label_center, label_right } = mineral.properties;
  const { min, max } = scaleFor('opinion', mineral.properties);
  const points = Array.from({ length: Math.max(max - min + 1, 0) }, (_, i) => min + i);
  const cols = points.length > 10 ? 'grid-cols-6' : 'grid-cols-5';
  return (
    <div>
      <div role="radiogroup" aria-labelledby={labelId} className={`grid ${cols} gap-2`}>
        {points.map((n) => (
          <ChoiceBox
            key={n}
            type="radio"
            name={`opinion-${mineral.id}`}
            checked={draft.value === n}
            disabled={readOnly}
            onChange={() => onChange({ value: n })}
            describedBy={errorId}
            ariaLabel={t('opinion.point', { value: n })}
            className="min-h-12 text-lg font-bold"
          >
            <span aria-hidden="true">{n}</span>
          </ChoiceBox>
        ))}
      </div>
      {(label_left || label_center || label_right) && (
        <div className="mt-2 grid grid-cols-3 gap-2 text-sm text-slate-700">
          <span>{label_left}</span>
          <span className="text-center">{label_center}</span>
          <span className="text-end">{label_right}</span>
        </div>
      )}
    </div>
  );
}
