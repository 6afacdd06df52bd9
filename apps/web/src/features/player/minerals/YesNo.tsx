import { useTranslation } from 'react-i18next';
import { ChoiceBox } from './ChoiceBox';
import { Thumb } from './icons';
import type { MineralProps } from './types';

/** yes_no: two options shown as thumbs (up for the first) or as text. */
export function YesNo({ mineral, draft, onChange, readOnly, labelId, errorId }: MineralProps) {
  const { t } = useTranslation('player');
  const values = mineral.properties.values ?? [];
  const thumbs = mineral.properties.type === 'thumb';
  const selected = draft.options?.[0];
  return (
    <div role="radiogroup" aria-labelledby={labelId} className="grid grid-cols-2 gap-3">
      {values.map((o, i) => {
        const text = o.value || (i === 0 ? t('yesNo.yes') : t('yesNo.no'));
        return (
          <ChoiceBox
            key={o.id}
            type="radio"
            name={`yesno-${mineral.id}`}
            checked={selected === o.id}
            disabled={readOnly}
            onChange={() => onChange({ options: [o.id] })}
            describedBy={errorId}
            className="min-h-16 flex-col gap-1 px-3 py-3 text-lg font-semibold"
          >
            {thumbs && <Thumb down={i === 1} />}
            <span className={thumbs ? 'text-sm' : ''}>{text}</span>
          </ChoiceBox>
        );
      })}
    </div>
  );
}
