import type { InsightDistribution } from '@cairn/shared/api/insight';
import { useTranslation } from 'react-i18next';
import { useFigure } from './format';

/** Surveys and polls: each question's answers counted per value, the mean of a scale, the free-text answers. */
export function Distributions({ items }: { items: InsightDistribution[] }) {
  const { t } = useTranslation('insight');
  const f = useFigure();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="insight-dist" className="flex flex-col gap-3">
      <h2 id="insight-dist" className="text-lg font-semibold text-slate-900">
        {t('dist.title')}
      </h2>
      {items.map((d) => (
        <article key={d.mineral_id} className="rounded-2xl bg-white p-3 ring-1 ring-slate-200">
          <h3 className="font-semibold text-slate-900">{d.title}</h3>
          {d.mean !== null && <p className="text-sm text-slate-700">{t('dist.mean', { value: f.num(d.mean) })}</p>}
          {d.values.length > 0 && (
            <table className="mt-2 min-w-full text-sm">
              <thead className="text-slate-700">
                <tr>
                  <th scope="col" className="px-2 py-1 text-left">
                    {t('dist.value')}
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    {t('options.count')}
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    {t('options.percent')}
                  </th>
                  <th scope="col" className="w-1/3 px-2 py-1">
                    <span className="sr-only">{t('funnel.bar')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {d.values.map((v) => (
                  <tr key={v.value} className="border-t border-slate-100">
                    <th scope="row" className="px-2 py-1 text-left font-normal">
                      {v.label}
                    </th>
                    <td className="px-2 py-1 text-right tabular-nums">{v.count}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{f.pct(v.percent)}</td>
                    <td className="px-2 py-1">
                      <div aria-hidden="true" className="h-3 rounded bg-slate-100">
                        <div className="h-3 rounded bg-[rgb(var(--accent))]" style={{ width: `${v.percent}%` }} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {d.texts.length > 0 && (
            <ul className="mt-2 flex max-h-64 flex-col gap-1 overflow-y-auto text-sm" aria-label={t('dist.texts')}>
              {d.texts.map((text, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: answers may repeat; their order is fixed
                <li key={k} className="rounded bg-slate-50 px-2 py-1 text-slate-800">
                  {text}
                </li>
              ))}
            </ul>
          )}
        </article>
      ))}
    </section>
  );
}
