import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { pebbleStates, pebbles, trailAssignments, trailProgress, trails, users } from '../../db/schema';
import type { Actor } from '../accounts/sessions.service';
import type { PebbleLite, StateLite } from './progress';

const coach = alias(users, 'coach');

export type TrailRow = typeof trails.$inferSelect;
/** What lists and the navigator need of a pebble. */
export interface PebbleSummary extends PebbleLite {
  name: string;
  faIcon: string;
  faIconBackground: string | null;
  faIconBorder: string | null;
}
export interface TrailView {
  trail: TrailRow;
  coach: { id: number; firstname: string | null; lastname: string | null } | null;
  pebbles: PebbleSummary[];
  states: Map<number, StateLite>;
  triesUsed: number;
}

/** Trails the actor may play: their customer's, and assigned to them (or the public user's own trail). */
export function playableBy(actor: Actor): SQL {
  const assigned = sql`exists (select 1 from ${trailAssignments} where ${trailAssignments.trailId} = ${trails.id} and ${trailAssignments.userId} = ${actor.userId})`;
  return and(
    actor.customerId === null ? sql`false` : eq(trails.customerId, actor.customerId),
    actor.trailId === null ? assigned : or(assigned, eq(trails.id, actor.trailId)),
  )!;
}

/**
 * Loads trails with everything their progress needs in four queries, whatever their number
 * (trails + coach, their pebbles, the actor's pebble states, the actor's attempts).
 */
export async function loadTrailViews(db: Db, actor: Actor, filter?: SQL): Promise<TrailView[]> {
  const rows = await db
    .select({ trail: trails, coach: { id: coach.id, firstname: coach.firstname, lastname: coach.lastname } })
    .from(trails)
    .leftJoin(coach, eq(coach.id, trails.coachId))
    .where(filter ? and(playableBy(actor), filter) : playableBy(actor))
    .orderBy(asc(trails.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.trail.id);
  const [ps, ss, tp] = await Promise.all([
    db
      .select({
        id: pebbles.id,
        trailId: pebbles.trailId,
        position: pebbles.position,
        stage: pebbles.stage,
        xp: pebbles.xp,
        name: pebbles.name,
        faIcon: pebbles.faIcon,
        faIconBackground: pebbles.faIconBackground,
        faIconBorder: pebbles.faIconBorder,
      })
      .from(pebbles)
      .where(inArray(pebbles.trailId, ids))
      .orderBy(asc(pebbles.trailId), asc(pebbles.position)),
    db
      .select({
        pebbleId: pebbleStates.pebbleId,
        answeredAt: pebbleStates.answeredAt,
        passed: pebbleStates.passed,
      })
      .from(pebbleStates)
      .where(and(eq(pebbleStates.userId, actor.userId), inArray(pebbleStates.trailId, ids))),
    db
      .select({ trailId: trailProgress.trailId, triesUsed: trailProgress.triesUsed })
      .from(trailProgress)
      .where(and(eq(trailProgress.userId, actor.userId), inArray(trailProgress.trailId, ids))),
  ]);
  const states = new Map(ss.map((s) => [s.pebbleId, s]));
  return rows.map((r) => ({
    trail: r.trail,
    coach: r.coach?.id ? r.coach : null,
    pebbles: ps.filter((p) => p.trailId === r.trail.id),
    states,
    triesUsed: tp.find((t) => t.trailId === r.trail.id)?.triesUsed ?? 0,
  }));
}
