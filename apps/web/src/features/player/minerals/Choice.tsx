import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { choiceHint, isMultiple, optionLetter } from '../answers';
import { OptionMedia } from './OptionMedia';
import type { MineralProps } from './types';

/** A checkbox group is a fieldset; a single answer a radiogroup, whose arrow keys move the choice. */
function Group({
  multiple,
  labelId,
  hintId,
  children,
}: {
  multiple: boolean;
  labelId: string;
  hintId?: string;
  children: ReactNode;
}) {
  const className = 'grid gap-3 sm:grid-cols-2';
  if (multiple)
    return (
      <fieldset aria-labelledby={labelId} aria-describedby={hintId} className={`m-0 min-w-0 border-0 p-0 ${className}`}>
        {children}
      </fieldset>
    );
  return (
    <div role="radiogroup" aria-labelledby={labelId} className={className}>
      {children}
    </div>
  );
}

/**
 * sa_/ma_ text, image, audio and video. Options are lettered A–Z; single answer is a radio group,
 * multiple answer a checkbox group whose unselected boxes disable once maSelectLimit is reached.
 * Audio and video sit outside the label so playing them does not toggle the answer.
 */
export function Choice({ mineral, draft, onChange, readOnly, labelId, errorId }: MineralProps) {
  const { t } = useTranslation('player');
  const multiple = isMultiple(mineral);
  const limit = multiple ? (mineral.properties.maSelectLimit ?? 0) : 1;
  const selected = draft.options ?? [];
  const full = multiple && limit > 0 && selected.length >= limit;
  const hint = multiple ? choiceHint(limit, selected.length) : null;
  const hintId = `${labelId}-hint`;

  function toggle(id: number) {
    if (readOnly) return;
    if (!multiple) return onChange({ options: [id] });
    onChange({ options: selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id] });
  }

  return (
    <div>
      {hint && (
        <p id={hintId} aria-live="polite" className="mb-2 text-sm font-medium text-slate-700">
          {t(hint.key, { count: hint.count })}
        </p>
      )}
      <Group multiple={multiple} labelId={labelId} hintId={hint ? hintId : undefined}>
        {(mineral.properties.values ?? []).map((o, i) => {
          const checked = selected.includes(o.id);
          const media = o.media?.[0];
          const letter = optionLetter(i);
          const name = o.value || t('choice.option', { letter });
          return (
            <div key={o.id} className="flex flex-col gap-2">
              <label className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 border-slate-300 bg-white p-3 text-slate-900 transition has-checked:border-accent has-checked:bg-accent/10 has-focus-visible:outline-4 has-focus-visible:outline-offset-2 has-focus-visible:outline-slate-900 has-disabled:cursor-not-allowed has-disabled:opacity-60 motion-reduce:transition-none">
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={`choice-${mineral.id}`}
                  checked={checked}
                  disabled={readOnly || (full && !checked)}
                  onChange={() => toggle(o.id)}
                  aria-describedby={errorId}
                  className="sr-only"
                />
                <span
                  aria-hidden="true"
                  className={`flex size-9 shrink-0 items-center justify-center font-bold ${multiple ? 'rounded-md' : 'rounded-full'} ${checked ? 'bg-accent text-on-accent' : 'bg-slate-100 text-slate-800'}`}
                >
                  {letter}
                </span>
                <span className="flex min-w-0 flex-1 flex-col gap-2">
                  {media?.type === 'image' && <OptionMedia media={media} alt="" />}
                  <span className="font-medium break-words">
                    <span className="sr-only">{letter}: </span>
                    {name}
                  </span>
                </span>
              </label>
              {media && media.type !== 'image' && <OptionMedia media={media} alt={name} />}
            </div>
          );
        })}
      </Group>
    </div>
  );
}
