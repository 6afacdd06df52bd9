import { useTranslation } from 'react-i18next';
import type { MineralProps } from './types';

/** word_bubble: pick words from the cloud in order to build the answer; tapping a picked word removes it. */
export function WordBubble({ mineral, draft, onChange, readOnly, labelId, errorId }: MineralProps) {
  const { t } = useTranslation('player');
  const words = mineral.properties.values ?? [];
  const byId = new Map(words.map((w) => [w.id, w]));
  const picked = (draft.options ?? []).filter((id) => byId.has(id));

  const toggle = (id: number) =>
    onChange({ options: picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id] });

  return (
    <div className="flex flex-col gap-4">
      <div>
        <p id={`${labelId}-answer`} className="mb-1 text-sm font-medium text-slate-700">
          {t('wordBubble.answer')}
        </p>
        <ol
          aria-labelledby={`${labelId}-answer`}
          aria-describedby={errorId}
          aria-live="polite"
          className="flex min-h-14 flex-wrap items-center gap-2 rounded-xl border-2 border-dashed border-slate-300 bg-white p-2"
        >
          {picked.length === 0 && <li className="px-2 text-slate-600">{t('wordBubble.empty')}</li>}
          {picked.map((id, i) => (
            <li key={id}>
              <button
                type="button"
                disabled={readOnly}
                onClick={() => toggle(id)}
                aria-label={t('wordBubble.remove', { word: byId.get(id)?.value ?? '', position: i + 1 })}
                className="min-h-11 rounded-full bg-accent px-4 font-semibold text-on-accent focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-60"
              >
                {byId.get(id)?.value}
              </button>
            </li>
          ))}
        </ol>
      </div>
      <fieldset aria-labelledby={labelId} className="m-0 flex min-w-0 flex-wrap justify-center gap-2 border-0 p-0">
        {words.map((w) => {
          const on = picked.includes(w.id);
          return (
            <button
              key={w.id}
              type="button"
              aria-pressed={on}
              disabled={readOnly}
              onClick={() => toggle(w.id)}
              className="min-h-11 rounded-full border-2 border-slate-300 bg-white px-4 font-semibold text-slate-900 shadow-sm transition aria-pressed:border-slate-200 aria-pressed:bg-slate-100 aria-pressed:text-slate-600 aria-pressed:line-through focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:opacity-60 motion-reduce:transition-none"
            >
              {w.value}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}
