import type { CertificateDecl, DimensionDecl } from '../../db/schema';
import type { TrailProgress } from '../trails/progress';

/** Whether the trail's certificate is due (docs/results.md): `passed` needs the pass mark, `completed` every pebble answered. */
export function certificateDue(decl: CertificateDecl | null, p: TrailProgress): boolean {
  if (!decl) return false;
  return decl.when === 'passed' ? p.trail_passed === true : p.status === 'completed';
}

export interface DimensionMineral {
  type: string;
  dimension: string | null;
  settings: Record<string, unknown>;
  options: { id: number; scores: Record<string, number> | null }[];
}
export interface DimensionAnswer {
  options: number[] | null;
  value: string | null;
}

const MULTI = /^ma_/;

/**
 * Assessment dimension scores: each chosen option adds its `scores`; a rating/opinion mineral tagged with a
 * dimension adds its numeric answer. `total` is the most the questions allow (best options, top of scales).
 */
export function dimensionScores(
  dims: DimensionDecl[],
  minerals: DimensionMineral[],
  answers: Map<number, DimensionAnswer>,
  mineralIds: number[],
): { id: string; name: string; score: number; total: number }[] {
  return dims.map((d) => {
    let score = 0;
    let total = 0;
    minerals.forEach((m, i) => {
      const answer = answers.get(mineralIds[i]);
      const values = m.options.map((o) => o.scores?.[d.key] ?? 0);
      if (m.options.length > 0 && values.some((v) => v !== 0)) {
        const limit = Number(m.settings.select_limit ?? 0);
        const best = values.filter((v) => v > 0).sort((a, b) => b - a);
        total += MULTI.test(m.type)
          ? best.slice(0, limit > 0 ? limit : best.length).reduce((a, b) => a + b, 0)
          : (best[0] ?? 0);
        for (const id of answer?.options ?? []) score += m.options.find((o) => o.id === id)?.scores?.[d.key] ?? 0;
      } else if (m.dimension === d.key) {
        total += Number(m.settings.max ?? 5);
        const n = Number(answer?.value);
        if (answer?.value != null && Number.isFinite(n)) score += n;
      }
    });
    return { id: d.key, name: d.name, score, total };
  });
}

const READABLE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'MMMM D, YYYY' (§9) in English (one formatter for the process: toLocaleDateString builds one per call). */
export function readableDate(d: Date): string {
  return READABLE.format(d);
}

/** readableDate as SQL text over the timestamptz expression `expr`, for statements that answer it themselves. */
export const readableDateSql = (expr: string): string => `to_char(${expr} at time zone 'UTC', 'FMMonth FMDD, YYYY')`;
