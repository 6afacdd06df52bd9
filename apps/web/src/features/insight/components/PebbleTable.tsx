import type { InsightPebble } from '@cairn/shared/api/insight';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFigure } from './format';

export const SORTABLE = [
  'position',
  'facility',
  'sd',
  'random_guess',
  'discrimination',
  'efficiency',
  'intended_weight',
  'effective_weight',
] as const;
export type SortKey = (typeof SORTABLE)[number];
type Dir = 'ascending' | 'descending';

function sorted(rows: InsightPebble[], key: SortKey, dir: Dir): InsightPebble[] {
  const sign = dir === 'ascending' ? 1 : -1;
  // undefined figures last, whatever the direction
  return [...rows].sort((a, b) => {
    const [x, y] = [a[key], b[key]];
    if (x === null || y === null) return x === y ? a.position - b.position : x === null ? 1 : -1;
    return sign * (x - y) || a.position - b.position;
  });
}

/**
 * The pebbles with their figures and flags. Each column header sorts (again: the other way); the pebble's name
 * opens its options and charts below the table.
 */
export function PebbleTable({
  pebbles,
  open,
  onOpen,
}: {
  pebbles: InsightPebble[];
  open: number | null;
  onOpen: (id: number | null) => void;
}) {
  const { t } = useTranslation('insight');
  const f = useFigure();
  const [sort, setSort] = useState<{ key: SortKey; dir: Dir }>({ key: 'position', dir: 'ascending' });
  const rows = sorted(pebbles, sort.key, sort.dir);
  const header = (key: SortKey) => {
    const active = sort.key === key;
    return (
      <th key={key} scope="col" aria-sort={active ? sort.dir : 'none'} className="px-2 py-2 text-right font-semibold">
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-1 rounded px-1 hover:bg-slate-100"
          onClick={() =>
            setSort({
              key,
              dir: active
                ? sort.dir === 'descending'
                  ? 'ascending'
                  : 'descending'
                : key === 'position'
                  ? 'ascending'
                  : 'descending',
            })
          }
        >
          {t(`col.${key}`)}
          <span aria-hidden="true">{active ? (sort.dir === 'ascending' ? '▲' : '▼') : '↕'}</span>
        </button>
      </th>
    );
  };
  return (
    <section
      className="overflow-x-auto rounded-2xl bg-white ring-1 ring-slate-200"
      aria-label={t('pebbles.title')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
    >
      <table className="min-w-full text-sm">
        <caption className="px-3 pt-3 text-left text-base font-semibold text-slate-900">{t('pebbles.title')}</caption>
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            {header('position')}
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              {t('col.name')}
            </th>
            {SORTABLE.slice(1).map(header)}
            <th scope="col" className="px-2 py-2 text-left font-semibold">
              {t('col.flags')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id} className={`border-b border-slate-100 ${p.id === open ? 'bg-amber-50' : ''}`}>
              <td className="px-2 py-2 text-right tabular-nums">{p.position}</td>
              <th scope="row" className="px-2 py-2 text-left font-normal">
                <button
                  type="button"
                  className="min-h-11 rounded px-1 text-left font-semibold text-slate-900 underline decoration-dotted hover:bg-slate-100"
                  aria-expanded={p.id === open}
                  aria-controls="insight-detail"
                  onClick={() => onOpen(p.id === open ? null : p.id)}
                >
                  {p.name}
                </button>
              </th>
              <td className="px-2 py-2 text-right tabular-nums">{f.pct(p.facility)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{f.pct(p.sd)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{f.pct(p.random_guess)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{f.pct(p.discrimination)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{f.pct(p.efficiency)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{f.pct(p.intended_weight)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{f.pct(p.effective_weight)}</td>
              <td className="min-w-56 px-2 py-2">
                <ul className="flex flex-col gap-1">
                  {p.flags.map((fl) => (
                    <li key={fl.code} className="rounded bg-red-50 px-2 py-1 text-xs text-red-900">
                      {t(`flag.${fl.code}`, { value: f.pct(fl.value) })}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
