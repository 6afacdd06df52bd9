import type { Insight } from '@cairn/shared/api/insight';
import { useTranslation } from 'react-i18next';
import { useFigure } from './format';

/** The trail's test statistics (Moodle's), the settled ones with the time they were computed. */
export function TrailFigures({ insight }: { insight: Insight }) {
  const { t, i18n } = useTranslation('insight');
  const f = useFigure();
  const s = insight.summary;
  const items: [
    (
      | 'attempts'
      | 'mean'
      | 'median'
      | 'medianTime'
      | 'sd'
      | 'skewness'
      | 'kurtosis'
      | 'alpha'
      | 'errorRatio'
      | 'standardError'
    ),
    string,
  ][] = [
    ['attempts', String(s.attempts)],
    ['mean', f.pct(s.mean)],
    ['median', f.pct(s.median)],
    ['medianTime', f.secs(s.median_seconds)],
    ['sd', f.pct(s.sd)],
    ['skewness', f.num(s.skewness)],
    ['kurtosis', f.num(s.kurtosis)],
    ['alpha', f.pct(s.alpha)],
    ['errorRatio', f.pct(s.error_ratio)],
    ['standardError', f.pct(s.standard_error)],
  ];
  const at = insight.settled_at
    ? new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(insight.settled_at),
      )
    : null;
  return (
    <section aria-labelledby="insight-trail" className="flex flex-col gap-2">
      <h2 id="insight-trail" className="text-lg font-semibold text-slate-900">
        {t('summary.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {items.map(([key, value]) => (
          <div key={key} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
            <dt className="text-xs text-slate-600">{t(`summary.${key}`)}</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600" data-testid="settled-at">
        {at
          ? t('summary.settled', { at, n: insight.settled_attempts })
          : s.attempts > 0
            ? t('summary.settling')
            : t('summary.noAttempts')}
      </p>
    </section>
  );
}

/** Where learners stop: how many current attempts reached and answered each pebble. */
export function FunnelTable({ insight }: { insight: Insight }) {
  const { t } = useTranslation('insight');
  const first = Math.max(1, ...insight.funnel.map((s) => s.reached));
  return (
    <section aria-labelledby="insight-funnel" className="flex flex-col gap-2">
      <h2 id="insight-funnel" className="text-lg font-semibold text-slate-900">
        {t('funnel.title')}
      </h2>
      <section
        className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200"
        aria-label={t('funnel.title')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
      >
        <table className="min-w-full text-sm">
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="px-2 py-2 text-left">
                {t('col.name')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {t('funnel.reached')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {t('funnel.answered')}
              </th>
              <th scope="col" className="w-1/3 px-2 py-2">
                <span className="sr-only">{t('funnel.bar')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {insight.funnel.map((s) => (
              <tr key={s.pebble_id} className="border-b border-slate-100">
                <th scope="row" className="px-2 py-2 text-left font-normal">
                  {s.position}. {s.name}
                </th>
                <td className="px-2 py-2 text-right tabular-nums">{s.reached}</td>
                <td className="px-2 py-2 text-right tabular-nums">{s.answered}</td>
                <td className="px-2 py-2">
                  <div aria-hidden="true" className="h-3 rounded bg-slate-100">
                    <div
                      className="h-3 rounded bg-[rgb(var(--accent))]"
                      style={{ width: `${(100 * s.reached) / first}%` }}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
