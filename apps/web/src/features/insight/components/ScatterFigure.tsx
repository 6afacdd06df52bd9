import type { InsightPebble } from '@cairn/shared/api/insight';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  XAxis,
  YAxis,
  ZAxis,
} from 'recharts';

/**
 * Facility × discrimination of the trail's pebbles (recharts). A picture of the pebbles table, which carries the
 * same two figures per pebble as text: hidden from assistive technology.
 */
export function ScatterFigure({ pebbles, open }: { pebbles: InsightPebble[]; open: number | null }) {
  const { t } = useTranslation('insight');
  const points = pebbles
    .filter((p) => p.facility !== null && p.discrimination !== null)
    .map((p) => ({ x: p.facility, y: p.discrimination, name: p.name, open: p.id === open }));
  if (points.length === 0) return null;
  return (
    <figure className="rounded-2xl bg-white p-3 ring-1 ring-slate-200" aria-hidden="true" data-testid="insight-scatter">
      <figcaption className="mb-2 text-sm font-semibold text-slate-700">{t('scatter.title')}</figcaption>
      <div style={{ width: '100%', height: 240 }}>
        <ResponsiveContainer>
          <ScatterChart margin={{ left: 0, right: 16, top: 8, bottom: 16 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" dataKey="x" domain={[0, 100]} unit="%" name={t('col.facility')} />
            <YAxis type="number" dataKey="y" domain={[-100, 100]} unit="%" name={t('col.discrimination')} width={48} />
            <ZAxis range={[60, 60]} />
            <ReferenceLine y={0} stroke="rgb(185 28 28)" />
            <Scatter data={points.filter((p) => !p.open)} fill="rgb(var(--accent))" isAnimationActive={false} />
            <Scatter data={points.filter((p) => p.open)} fill="rgb(217 119 6)" isAnimationActive={false} />
          </ScatterChart>
        </ResponsiveContainer>
      </div>
      <p className="text-xs text-slate-600">{t('scatter.axes')}</p>
    </figure>
  );
}
