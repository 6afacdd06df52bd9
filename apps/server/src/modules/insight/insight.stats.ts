/**
 * The formulas of docs/insight.md, as pure functions: the live figures from the running sums (constant time per
 * pebble and option), and the settled figures from the captured attempts (the job). Marks are fractions f (1 passed,
 * 0 not) times the pebble's maximum mark w; a learner's total is y = Σ w·f. Sample (n − 1) variances, as Moodle's.
 */

export interface TrailSums {
  n: number;
  sumY: number;
  sumY2: number;
}
export interface ItemSums {
  n: number;
  sumF: number;
  sumF2: number;
  sumFy: number;
}
export interface ChoiceSums {
  n: number;
  sumY: number;
  sumF: number;
}

/** sample variance from n, Σv, Σv² (null under 2 values); tiny negative rounding is 0 */
export function variance(n: number, sum: number, sum2: number): number | null {
  if (n < 2) return null;
  const v = (sum2 - (sum * sum) / n) / (n - 1);
  return v < 1e-12 ? 0 : v;
}

/** sample covariance from n, Σa, Σb, Σab */
const covariance = (n: number, sa: number, sb: number, sab: number) => (n < 2 ? null : (sab - (sa * sb) / n) / (n - 1));

/** The sums of the rest of the test r = y − w·f (the pebble excluded). */
function restSums(t: TrailSums, i: ItemSums, w: number) {
  return {
    sumR: t.sumY - w * i.sumF,
    sumR2: t.sumY2 - 2 * w * i.sumFy + w * w * i.sumF2,
    sumFR: i.sumFy - w * i.sumF2,
  };
}

export interface ItemFigures {
  facility: number | null;
  sd: number | null;
  discrimination: number | null;
  /** covariance of the mark w·f with the total y (Moodle's covariancewithoverallmark) */
  covWithTotal: number | null;
  /** sample variance of the mark w·f (for alpha) */
  markVariance: number | null;
}

/** Facility, sd (both of the maximum mark), discrimination index (item–rest correlation), all in %. */
export function itemFigures(t: TrailSums, i: ItemSums, w: number): ItemFigures {
  const n = i.n;
  const varF = variance(n, i.sumF, i.sumF2);
  const { sumR, sumR2, sumFR } = restSums(t, i, w);
  const varR = variance(n, sumR, sumR2);
  const cov = covariance(n, i.sumF, sumR, sumFR);
  const covY = covariance(n, i.sumF, t.sumY, i.sumFy);
  return {
    facility: n > 0 ? (100 * i.sumF) / n : null,
    sd: varF === null ? null : 100 * Math.sqrt(varF),
    discrimination: varF && varR && cov !== null ? (100 * cov) / Math.sqrt(varF * varR) : null,
    covWithTotal: covY === null ? null : w * covY,
    markVariance: varF === null ? null : w * w * varF,
  };
}

/** Moodle's effective weights: 100·√cov(xᵢ,y) ÷ Σ √cov(xⱼ,y) over the pebbles whose covariance is not negative. */
export function effectiveWeights(covs: (number | null)[]): (number | null)[] {
  const sum = covs.reduce<number>((s, c) => (c !== null && c >= 0 ? s + Math.sqrt(c) : s), 0);
  return covs.map((c) => (c === null || c < 0 || sum === 0 ? null : (100 * Math.sqrt(c)) / sum));
}

/**
 * An option's point-biserial with the rest of the test (the correlation of "chose it" with r = y − w·f over all
 * attempts), × 100, and its choosers' mean total as a % of the maximum.
 */
export function optionFigures(t: TrailSums, i: ItemSums, w: number, c: ChoiceSums, maxPoints: number) {
  const n = t.n;
  const { sumR, sumR2 } = restSums(t, i, w);
  const sumCR = c.sumY - w * c.sumF;
  const varC = c.n - (c.n * c.n) / n;
  const varR = sumR2 - (sumR * sumR) / n;
  const pb = n > 1 && varC > 1e-12 && varR > 1e-12 ? (100 * (sumCR - (c.n * sumR) / n)) / Math.sqrt(varC * varR) : null;
  return {
    percent: n > 0 ? (100 * c.n) / n : null,
    point_biserial: pb,
    mean_score: c.n > 0 && maxPoints > 0 ? (100 * c.sumY) / c.n / maxPoints : null,
  };
}

/** Trail figures from the sums: mean, sd (of the maximum), Cronbach's alpha, error ratio, standard error (Moodle). */
export function trailFigures(t: TrailSums, markVariances: (number | null)[], maxPoints: number) {
  const k2 = variance(t.n, t.sumY, t.sumY2);
  const p = markVariances.length;
  const sumVar = markVariances.reduce<number>((s, v) => s + (v ?? 0), 0);
  const alpha = k2 && p > 1 && t.n > 2 ? ((100 * p) / (p - 1)) * (1 - sumVar / k2) : null;
  const errorRatio = alpha !== null && alpha <= 100 ? 100 * Math.sqrt(1 - alpha / 100) : null;
  const sd = k2 === null ? null : Math.sqrt(k2);
  const ofMax = (v: number | null) => (v === null || maxPoints <= 0 ? null : (100 * v) / maxPoints);
  return {
    mean: t.n > 0 ? ofMax(t.sumY / t.n) : null,
    sd: ofMax(sd),
    alpha,
    error_ratio: errorRatio,
    standard_error: errorRatio !== null && sd !== null ? ofMax((errorRatio * sd) / 100) : null,
  };
}

/** One captured attempt, as the job reads it. */
export interface AttemptRow {
  userId: number;
  total: number;
  seconds: number | null;
  pebbleIds: number[];
  fractions: number[];
  choiceMinerals: number[];
  choiceKeys: string[];
}

export interface SettledFigures {
  /** discriminative efficiency per pebble id, in % */
  efficiency: Record<string, number | null>;
  /** per "mineralId:choice": the share (%) of the top and of the bottom third that chose it */
  thirds: Record<string, [number, number]>;
  third: number;
  median: number | null;
  medianSeconds: number | null;
  skewness: number | null;
  kurtosis: number | null;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Moodle's skewness and kurtosis of the totals (k-statistics: k3 ÷ k2^1.5, k4 ÷ k2²). */
export function moments(ys: number[]): { skewness: number | null; kurtosis: number | null } {
  const s = ys.length;
  if (s < 3) return { skewness: null, kurtosis: null };
  const mean = ys.reduce((a, b) => a + b, 0) / s;
  let p2 = 0;
  let p3 = 0;
  let p4 = 0;
  for (const y of ys) {
    const d = y - mean;
    p2 += d * d;
    p3 += d * d * d;
    p4 += d * d * d * d;
  }
  const [m2, m3, m4] = [p2 / s, p3 / s, p4 / s];
  const k2 = (s * m2) / (s - 1);
  if (k2 < 1e-12) return { skewness: null, kurtosis: null };
  const k3 = (s * s * m3) / ((s - 1) * (s - 2));
  const k4 = s > 3 ? (s * s * ((s + 1) * m4 - 3 * (s - 1) * m2 * m2)) / ((s - 1) * (s - 2) * (s - 3)) : null;
  return { skewness: k3 / k2 ** 1.5, kurtosis: k4 === null ? null : k4 / (k2 * k2) };
}

/**
 * Discriminative efficiency of one pebble (Moodle): cov(x, r) ÷ covmax, where covmax pairs the marks and the rest
 * scores each sorted ascending (the largest covariance those marks could have), in %.
 */
export function efficiency(fs: number[], rs: number[]): number | null {
  const n = fs.length;
  if (n < 2) return null;
  const mf = fs.reduce((a, b) => a + b, 0) / n;
  const mr = rs.reduce((a, b) => a + b, 0) / n;
  let cov = 0;
  for (let k = 0; k < n; k++) cov += (fs[k] - mf) * (rs[k] - mr);
  const sf = [...fs].sort((a, b) => a - b);
  const sr = [...rs].sort((a, b) => a - b);
  let max = 0;
  for (let k = 0; k < n; k++) max += (sf[k] - mf) * (sr[k] - mr);
  return max > 1e-12 ? (100 * cov) / max : null;
}

/** The settled figures of one trail from its captured attempts (the pebbles' weights by id). */
export function settle(rows: AttemptRow[], weights: Map<number, number>, maxPoints: number): SettledFigures {
  const n = rows.length;
  const eff: Record<string, number | null> = {};
  for (const [pid, w] of weights) {
    const fs: number[] = [];
    const rs: number[] = [];
    for (const r of rows) {
      const k = r.pebbleIds.indexOf(pid);
      const f = k < 0 ? 0 : r.fractions[k];
      fs.push(f);
      rs.push(r.total - w * f);
    }
    eff[pid] = efficiency(fs, rs);
  }
  // the thirds by total (ties by user id, so the split is reproducible)
  const ranked = [...rows].sort((a, b) => b.total - a.total || a.userId - b.userId);
  const third = Math.floor(n / 3);
  const counts = new Map<string, [number, number]>();
  const count = (part: AttemptRow[], slot: 0 | 1) => {
    for (const r of part) {
      for (let k = 0; k < r.choiceMinerals.length; k++) {
        const key = `${r.choiceMinerals[k]}:${r.choiceKeys[k]}`;
        const c = counts.get(key) ?? [0, 0];
        c[slot]++;
        counts.set(key, c);
      }
    }
  };
  if (third > 0) {
    count(ranked.slice(0, third), 0);
    count(ranked.slice(n - third), 1);
  }
  const thirds: Record<string, [number, number]> = {};
  for (const [key, [top, bottom]] of counts) thirds[key] = [(100 * top) / third, (100 * bottom) / third];
  const m = median(rows.map((r) => r.total));
  const secs = rows.flatMap((r) => (r.seconds === null ? [] : [r.seconds]));
  return {
    efficiency: eff,
    thirds,
    third,
    median: m === null || maxPoints <= 0 ? null : (100 * m) / maxPoints,
    medianSeconds: median(secs),
    ...moments(rows.map((r) => r.total)),
  };
}
