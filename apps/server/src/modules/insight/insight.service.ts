import {
  INSIGHT_TEXTS_MAX,
  type Insight,
  type InsightDistribution,
  type InsightFlag,
  type InsightOption,
  type InsightPebble,
  MINERAL_RULEBOOK,
  type MineralType,
} from '@cairn/shared';
import type { Db } from '../../db/client';
import { type Actor, isCoach } from '../../lib/actor';
import { forbidden, notFound } from '../../lib/http-error';
import { requireCustomerAdmin } from '../admin/admin.policy';
import { pebbleGuess } from './insight.guess';
import {
  type ChoiceRow,
  loadChoices,
  loadMinerals,
  loadPebbles,
  loadTexts,
  loadTrail,
  loadTrailState,
  type MineralRow,
  type TrailRow,
} from './insight.repo';
import { effectiveWeights, itemFigures, optionFigures, trailFigures } from './insight.stats';

/** Thresholds of the flags (docs/insight.md). */
export const FLAG_LIMITS = { efficiency: 15, easy: 95, hard: 5 } as const;

const r1 = (v: number) => Math.round(v * 10) / 10;
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** Only the trail's customer's coaches (role level above 400) and customer admins; another customer's trail: 404. */
export async function insightTrail(db: Db, actor: Actor, trailId: number): Promise<TrailRow> {
  if (actor.customerId === null) throw forbidden();
  if (!isCoach(actor)) await requireCustomerAdmin(db, actor);
  const trail = await loadTrail(db, trailId);
  if (!trail || trail.customer_id !== actor.customerId) throw notFound('Trail not found');
  return trail;
}

function pebbleFlags(facility: number | null, discrimination: number | null, efficiency: number | null): InsightFlag[] {
  const flags: InsightFlag[] = [];
  if (discrimination !== null && discrimination < 0) {
    flags.push({
      code: 'negative_discrimination',
      value: discrimination,
      reason: `Discrimination index ${r1(discrimination)} % is negative: learners who did well on the rest of the trail got this pebble wrong more often than those who did badly.`,
    });
  }
  if (efficiency !== null && efficiency < FLAG_LIMITS.efficiency) {
    flags.push({
      code: 'low_efficiency',
      value: efficiency,
      reason: `Discriminative efficiency ${r1(efficiency)} % is below ${FLAG_LIMITS.efficiency} %: the pebble separates strong from weak learners far less than its marks would allow.`,
    });
  }
  if (facility !== null && facility > FLAG_LIMITS.easy) {
    flags.push({
      code: 'too_easy',
      value: facility,
      reason: `Facility ${r1(facility)} % is above ${FLAG_LIMITS.easy} %: almost everyone gets it right, so it tells learners apart hardly at all.`,
    });
  }
  if (facility !== null && facility < FLAG_LIMITS.hard) {
    flags.push({
      code: 'too_hard',
      value: facility,
      reason: `Facility ${r1(facility)} % is below ${FLAG_LIMITS.hard} %: almost no one gets it right; check the question and its right answer.`,
    });
  }
  return flags;
}

function drawsStrongFlag(top: number, bottom: number): InsightFlag {
  return {
    code: 'draws_strong',
    value: top - bottom,
    reason: `A wrong option chosen by ${r1(top)} % of the top third but only ${r1(bottom)} % of the bottom third: it draws the strong learners; check whether it is really wrong or misleading.`,
  };
}

const choiceKey = (m: number, c: string) => `${m}:${c}`;
const isDistributed = (trail: TrailRow, m: MineralRow) =>
  trail.type === 'survey' || trail.type === 'assessment' || m.shared;

/** GET /api/coach/insight/{trail_id}: the figures of docs/insight.md. */
export async function getInsight(db: Db, actor: Actor, trailId: number): Promise<Insight> {
  const trail = await insightTrail(db, actor, trailId);
  const [pebbles, minerals, choices, state] = await Promise.all([
    loadPebbles(db, trailId),
    loadMinerals(db, trailId),
    loadChoices(db, trailId),
    loadTrailState(db, trailId),
  ]);
  const byKey = new Map<string, ChoiceRow>(choices.map((c) => [choiceKey(c.mineral_id, c.choice), c]));
  const mineralsOf = new Map<number, MineralRow[]>();
  for (const m of minerals) mineralsOf.set(m.pebble_id, [...(mineralsOf.get(m.pebble_id) ?? []), m]);
  const anyXp = pebbles.some((p) => p.xp > 0);
  const weight = (xp: number) => (anyXp ? xp : 1);
  const maxPoints = pebbles.reduce((s, p) => s + weight(p.xp), 0);
  const t = { n: state.n, sumY: state.sumY, sumY2: state.sumY2 };
  const settled = state.figures;
  const figs = pebbles.map((p) => itemFigures(t, { ...p, n: t.n }, weight(p.xp)));
  const effective = effectiveWeights(figs.map((f) => f.covWithTotal));

  const rows: InsightPebble[] = pebbles.map((p, k) => {
    const w = weight(p.xp);
    const f = figs[k];
    const eff = settled?.efficiency[p.id] ?? null;
    const options: InsightOption[] = [];
    for (const m of mineralsOf.get(p.id) ?? []) {
      const rule = MINERAL_RULEBOOK[m.type as MineralType];
      if (!rule || rule.family === 'order' || rule.answer !== 'options' || isDistributed(trail, m)) continue;
      const hasRight = m.options.some((o) => o.correct);
      for (const o of m.options) {
        const c = byKey.get(choiceKey(m.id, String(o.id))) ?? { n: 0, sumY: 0, sumF: 0 };
        const of = optionFigures(t, { ...p, n: t.n }, w, c, maxPoints);
        const thirds = settled?.thirds[choiceKey(m.id, String(o.id))] ?? (settled ? [0, 0] : null);
        const flags = hasRight && !o.correct && thirds && thirds[0] > thirds[1] ? [drawsStrongFlag(...thirds)] : [];
        options.push({
          mineral_id: m.id,
          option_id: o.id,
          label: o.value,
          correct: o.correct,
          count: c.n,
          ...of,
          top_third: thirds ? thirds[0] : null,
          bottom_third: thirds ? thirds[1] : null,
          flags,
        });
      }
    }
    return {
      id: p.id,
      position: p.position,
      name: p.name,
      n: t.n,
      max_mark: w,
      facility: f.facility,
      sd: f.sd,
      random_guess: pebbleGuess(mineralsOf.get(p.id) ?? []),
      discrimination: f.discrimination,
      efficiency: eff,
      intended_weight: maxPoints > 0 ? (100 * w) / maxPoints : null,
      effective_weight: effective[k],
      flags: t.n > 0 ? pebbleFlags(f.facility, f.discrimination, eff) : [],
      options,
    };
  });

  const summary = {
    attempts: t.n,
    max_points: maxPoints,
    ...trailFigures(
      t,
      figs.map((f) => f.markVariance),
      maxPoints,
    ),
    median: settled?.median ?? null,
    median_seconds: settled?.medianSeconds ?? null,
    skewness: settled?.skewness ?? null,
    kurtosis: settled?.kurtosis ?? null,
  };
  return {
    trail: { id: trail.id, name: trail.name, type: trail.type },
    summary,
    settled_at: iso(state.computed_at),
    settled_attempts: state.settled_n ?? 0,
    pebbles: rows,
    funnel: pebbles.map((p) => ({
      pebble_id: p.id,
      position: p.position,
      name: p.name,
      reached: p.reached,
      answered: p.answered,
    })),
    distributions: await distributions(db, trail, minerals, byKey, t.n),
  };
}

async function distributions(
  db: Db,
  trail: TrailRow,
  minerals: MineralRow[],
  byKey: Map<string, ChoiceRow>,
  attempts: number,
): Promise<InsightDistribution[]> {
  const listed = minerals.filter((m) => isDistributed(trail, m));
  const textIds = listed.filter((m) => MINERAL_RULEBOOK[m.type as MineralType]?.family === 'input').map((m) => m.id);
  const texts = await loadTexts(db, textIds, INSIGHT_TEXTS_MAX);
  const values = new Map<number, ChoiceRow[]>();
  for (const c of byKey.values()) values.set(c.mineral_id, [...(values.get(c.mineral_id) ?? []), c]);
  return listed.map((m) => {
    const family = MINERAL_RULEBOOK[m.type as MineralType]?.family;
    const given = values.get(m.id) ?? [];
    let rows: { value: string; label: string; count: number }[];
    let mean: number | null = null;
    if (family === 'scale') {
      const numeric = given
        .map((c) => ({ value: c.choice, label: c.choice, count: c.n, v: Number(c.choice) }))
        .sort((a, b) => a.v - b.v);
      const total = numeric.reduce((s, c) => s + c.count, 0);
      mean = total > 0 ? numeric.reduce((s, c) => s + c.v * c.count, 0) / total : null;
      rows = numeric.map(({ value, label, count }) => ({ value, label, count }));
    } else {
      rows = m.options.map((o) => ({
        value: String(o.id),
        label: o.value,
        count: byKey.get(`${m.id}:${o.id}`)?.n ?? 0,
      }));
    }
    return {
      mineral_id: m.id,
      pebble_id: m.pebble_id,
      title: m.title,
      type: m.type,
      answers: family === 'input' ? (texts.get(m.id)?.length ?? 0) : attempts,
      values: rows.map((v) => ({ ...v, percent: attempts > 0 ? (100 * v.count) / attempts : 0 })),
      mean,
      texts: texts.get(m.id) ?? [],
    };
  });
}
