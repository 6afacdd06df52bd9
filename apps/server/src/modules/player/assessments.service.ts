import { type assessmentSchema, type MineralType, MULTI_TYPES, scaleFor } from '@cairn/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { mineralAnswers, mineralOptions, minerals, pebbles, trails } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/http-error';
import { loadTrailViews } from '../trails/trails.repo';

type Assessment = z.infer<typeof assessmentSchema>;

/**
 * GET /api/assessments/{trailId}: per dimension, the points of the chosen options plus the values of
 * rating/opinion minerals that score it, out of the most the trail can give.
 */
export async function getAssessment(db: Db, actor: Actor, trailId: number): Promise<Assessment> {
  const [view] = await loadTrailViews(db, actor, and(eq(trails.id, trailId), eq(trails.type, 'assessment')));
  if (!view) throw notFound('Assessment not found');
  const ms = await db
    .select({ id: minerals.id, type: minerals.type, dimension: minerals.dimension, settings: minerals.settings })
    .from(minerals)
    .innerJoin(pebbles, eq(pebbles.id, minerals.pebbleId))
    .where(eq(pebbles.trailId, trailId));
  const ids = ms.map((m) => m.id);
  const [os, given] = ids.length
    ? await Promise.all([
        db.select().from(mineralOptions).where(inArray(mineralOptions.mineralId, ids)),
        db
          .select()
          .from(mineralAnswers)
          .where(and(eq(mineralAnswers.userId, actor.userId), eq(mineralAnswers.trailId, trailId))),
      ])
    : [[], []];

  const score = new Map<string, number>();
  const max = new Map<string, number>();
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  for (const m of ms) {
    const type = m.type as MineralType;
    const answer = given.find((a) => a.mineralId === m.id);
    const options = os.filter((o) => o.mineralId === m.id);
    if (m.dimension) {
      const top = scaleFor(type, m.settings as { min?: number; max?: number }).max;
      add(max, m.dimension, top);
      if (answer?.value) add(score, m.dimension, Number(answer.value));
    }
    for (const d of view.trail.dimensions) {
      const points = options
        .map((o) => o.scores?.[d.key] ?? 0)
        .filter((p) => p > 0)
        .sort((a, b) => b - a);
      if (points.length === 0) continue;
      const limit = Number((m.settings as { maSelectLimit?: number }).maSelectLimit ?? 0);
      const takes = MULTI_TYPES.includes(type) ? (limit > 0 ? limit : points.length) : 1;
      add(
        max,
        d.key,
        points.slice(0, takes).reduce((s, p) => s + p, 0),
      );
      for (const id of answer?.options ?? []) add(score, d.key, options.find((o) => o.id === id)?.scores?.[d.key] ?? 0);
    }
  }
  return {
    trail_id: trailId,
    player: {
      id: actor.userId,
      dimensions: view.trail.dimensions.map((d) => {
        const s = score.get(d.key) ?? 0;
        const mx = max.get(d.key) ?? 0;
        return { id: d.key, name: d.name, score: s, max: mx, percent: mx ? Math.round((s / mx) * 100) : 0 };
      }),
    },
  };
}
