import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../answers';
import { MINERAL_INPUTS } from '../minerals/MineralField';
import { OptionMedia } from '../minerals/OptionMedia';
import type { MineralProps } from '../minerals/types';

interface Props extends Pick<MineralProps, 'mineral' | 'draft' | 'readOnly'> {
  onChange: (draft: Draft) => void;
  /** the asterisk (and "(required)" for screen readers) of a required question that can still be changed */
  marked: boolean;
  error?: string;
}

/** One question: title (with the required asterisk), description, media, the input and its error. */
export function MineralView({ mineral, draft, onChange, readOnly, marked, error }: Props) {
  const { t } = useTranslation('player');
  const labelId = useId();
  const errorId = `${labelId}-error`;
  const Input = MINERAL_INPUTS[mineral.type];
  const p = mineral.properties;
  return (
    <section className="flex flex-col gap-4" data-mineral-type={mineral.type}>
      <div>
        <h2 id={labelId} className="text-xl font-bold text-slate-900 sm:text-2xl">
          {p.title}
          {marked && (
            <>
              <span aria-hidden="true" className="ms-1 text-red-700">
                *
              </span>
              <span className="sr-only"> ({t('pebble.required')})</span>
            </>
          )}
        </h2>
        {p.description && <p className="mt-2 whitespace-pre-line text-slate-700">{p.description}</p>}
      </div>
      {p.mediaContent?.map((m) => (
        <OptionMedia key={m.url} media={m} alt={p.title} className="max-h-72 w-auto self-center" />
      ))}
      <Input
        mineral={mineral}
        draft={draft}
        onChange={onChange}
        readOnly={readOnly}
        labelId={labelId}
        errorId={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
