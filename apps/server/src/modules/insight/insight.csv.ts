import type { Insight } from '@cairn/shared';

/** A spreadsheet cell: quoted, and a leading = + - @ (a formula to a spreadsheet) made text with a quote mark. */
function cell(v: string | number | null | boolean): string {
  if (v === null) return '';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(Math.round(v * 1e6) / 1e6) : '';
  const s = String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
}
const line = (cells: (string | number | null | boolean)[]) => cells.map(cell).join(',');

/**
 * GET /api/coach/insight/{trail_id}/csv: the pebbles table, then the options table (docs/insight.md), percentages
 * 0–100, flags by code. RFC 4180 (CRLF), UTF-8 with a byte-order mark so spreadsheets read the accents.
 */
export function insightCsv(i: Insight): string {
  const rows: string[] = [
    line([
      'pebble_id',
      'position',
      'pebble',
      'attempts',
      'max_mark',
      'facility',
      'sd',
      'random_guess',
      'discrimination',
      'efficiency',
      'intended_weight',
      'effective_weight',
      'reached',
      'flags',
    ]),
  ];
  const funnel = new Map(i.funnel.map((f) => [f.pebble_id, f]));
  for (const p of i.pebbles) {
    rows.push(
      line([
        p.id,
        p.position,
        p.name,
        p.n,
        p.max_mark,
        p.facility,
        p.sd,
        p.random_guess,
        p.discrimination,
        p.efficiency,
        p.intended_weight,
        p.effective_weight,
        funnel.get(p.id)?.reached ?? 0,
        p.flags.map((f) => f.code).join(' '),
      ]),
    );
  }
  rows.push('');
  rows.push(
    line([
      'pebble_id',
      'mineral_id',
      'option_id',
      'option',
      'correct',
      'count',
      'percent',
      'point_biserial',
      'mean_score',
      'top_third',
      'bottom_third',
      'flags',
    ]),
  );
  for (const p of i.pebbles) {
    for (const o of p.options) {
      rows.push(
        line([
          p.id,
          o.mineral_id,
          o.option_id,
          o.label,
          o.correct,
          o.count,
          o.percent,
          o.point_biserial,
          o.mean_score,
          o.top_third,
          o.bottom_third,
          o.flags.map((f) => f.code).join(' '),
        ]),
      );
    }
  }
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
