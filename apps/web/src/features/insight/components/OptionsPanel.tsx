import type { InsightPebble } from '@cairn/shared/api/insight';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { useFigure } from './format';

const cut = (s: string, n = 16) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** One pebble opened: its options' pull (table) and their share as bars (a picture of the table: aria-hidden). */
export function OptionsPanel({ pebble }: { pebble: InsightPebble }) {
  const { t } = useTranslation('insight');
  const f = useFigure();
  return (
    <section id="insight-detail" aria-labelledby="insight-detail-title" className="flex flex-col gap-3">
      <h2 id="insight-detail-title" className="text-lg font-semibold text-slate-900">
        {t('options.title', { name: pebble.name })}
      </h2>
      {pebble.options.length === 0 ? (
        <p className="text-slate-600">{t('options.none')}</p>
      ) : (
        <>
          <section
            className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200"
            aria-label={t('options.table')}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (axe scrollable-region-focusable)
            tabIndex={0}
          >
            <table className="min-w-full text-sm">
              <caption className="sr-only">{t('options.title', { name: pebble.name })}</caption>
              <thead className="border-b border-slate-200 text-slate-700">
                <tr>
                  <th scope="col" className="px-2 py-2 text-left">
                    {t('options.option')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('options.count')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('options.percent')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('options.pointBiserial')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('options.meanScore')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('options.top')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {t('options.bottom')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-left">
                    {t('col.flags')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {pebble.options.map((o) => (
                  <tr key={o.option_id} className="border-b border-slate-100">
                    <th scope="row" className="px-2 py-2 text-left font-normal">
                      {o.label}{' '}
                      {o.correct && <span className="font-semibold text-green-800">({t('options.right')})</span>}
                    </th>
                    <td className="px-2 py-2 text-right tabular-nums">{o.count}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{f.pct(o.percent)}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{f.pct(o.point_biserial)}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{f.pct(o.mean_score)}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{f.pct(o.top_third)}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{f.pct(o.bottom_third)}</td>
                    <td className="min-w-56 px-2 py-2">
                      {o.flags.map((fl) => (
                        <p key={fl.code} className="rounded bg-red-50 px-2 py-1 text-xs text-red-900">
                          {t(`flag.${fl.code}`, {
                            value: f.pct(fl.value),
                            top: f.pct(o.top_third),
                            bottom: f.pct(o.bottom_third),
                          })}
                        </p>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <figure
            className="rounded-2xl bg-white p-3 ring-1 ring-slate-200"
            aria-hidden="true"
            data-testid="option-bars"
          >
            <figcaption className="mb-2 text-sm font-semibold text-slate-700">{t('options.chart')}</figcaption>
            <div style={{ width: '100%', height: 60 + pebble.options.length * 34 }}>
              <ResponsiveContainer>
                <BarChart
                  data={pebble.options.map((o) => ({
                    name: cut(o.label),
                    percent: o.percent ?? 0,
                    correct: o.correct,
                  }))}
                  layout="vertical"
                  margin={{ left: 8, right: 16 }}
                  accessibilityLayer={false}
                >
                  <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                  <XAxis type="number" domain={[0, 100]} unit="%" />
                  <YAxis type="category" dataKey="name" width={110} />
                  <Bar dataKey="percent" isAnimationActive={false}>
                    {pebble.options.map((o) => (
                      <Cell key={o.option_id} fill={o.correct ? 'rgb(21 128 61)' : 'rgb(148 163 184)'} />
                    ))}
                  </Bar>
                </BarChart>
              </ResponsiveContainer>
            </div>
          </figure>
        </>
      )}
    </section>
  );
}
