import type { Dimension } from '@cairn/shared/api/results';
import { useTranslation } from 'react-i18next';

/**
 * §3 Assessment result as a bar chart: one inline-SVG bar per dimension. The bars are decoration; each row's
 * text ("Empathy: 7 of 10") is what assistive technology reads.
 */
export function DimensionsChart({ dimensions }: { dimensions: Dimension[] }) {
  const { t } = useTranslation('results');
  return (
    <figure>
      <figcaption className="sr-only">{t('panel.dimensions')}</figcaption>
      <ul className="space-y-3">
        {dimensions.map((d) => {
          const share = d.total > 0 ? Math.max(0, Math.min(1, d.score / d.total)) : 0;
          return (
            <li key={d.id} data-dimension={d.id}>
              <div className="flex justify-between gap-2 text-sm text-slate-800">
                <span>{d.name}</span>
                <span className="font-semibold tabular-nums">
                  {t('panel.scoreOf', { score: d.score, total: d.total })}
                </span>
              </div>
              <svg viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true" className="mt-1 h-3 w-full">
                <rect x="0" y="0" width="100" height="8" rx="4" className="fill-slate-200" />
                <rect x="0" y="0" width={share * 100} height="8" rx="4" className="fill-accent" />
              </svg>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
