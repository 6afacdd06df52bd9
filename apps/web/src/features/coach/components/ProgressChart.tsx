import type { CoachTrail } from '@cairn/shared/api/dashboards';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const cut = (s: string, n = 14) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * The learner's progress per trail as a bar chart (recharts): answered share and xp share, in percent. The chart
 * is a picture of the trail list below it, which carries the same figures as text for assistive technology.
 */
export function ProgressChart({ trails }: { trails: CoachTrail[] }) {
  const { t } = useTranslation('coach');
  const data = trails.map((tr) => ({
    name: cut(tr.name),
    answered: tr.progress.percent,
    xp: tr.progress.xp_total > 0 ? Math.round((tr.progress.xp / tr.progress.xp_total) * 100) : 0,
  }));
  if (data.length === 0) return null;
  return (
    <figure className="rounded-2xl bg-white p-3 ring-1 ring-slate-200" aria-hidden="true" data-testid="progress-chart">
      <figcaption className="mb-2 text-sm font-semibold text-slate-700">{t('chart.title')}</figcaption>
      <div style={{ width: '100%', height: Math.max(180, 60 + data.length * 36) }}>
        <ResponsiveContainer>
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" domain={[0, 100]} unit="%" />
            <YAxis type="category" dataKey="name" width={110} />
            <Tooltip formatter={(v) => `${v}%`} />
            <Legend formatter={(value) => <span className="text-slate-800">{value}</span>} />
            <Bar dataKey="answered" name={t('chart.answered')} fill="rgb(var(--accent))" />
            <Bar dataKey="xp" name={t('chart.xp')} fill="rgb(217 177 0)" />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
