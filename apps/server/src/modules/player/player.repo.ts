import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mineralAnswers, mineralOptions, minerals, pebbles } from '../../db/schema';

export type PebbleRow = typeof pebbles.$inferSelect;
export type MineralRow = typeof minerals.$inferSelect;
export type OptionRow = typeof mineralOptions.$inferSelect;
export type AnswerRow = typeof mineralAnswers.$inferSelect;

/** A pebble with its minerals and their options, in position order. */
export interface PebbleDetail {
  pebble: PebbleRow;
  minerals: (MineralRow & { options: OptionRow[] })[];
}

/** Loads a pebble's minerals and options in three queries; null when there is no such pebble. */
export async function loadPebbleDetail(db: Db, pebbleId: number): Promise<PebbleDetail | null> {
  const [pebble] = await db.select().from(pebbles).where(eq(pebbles.id, pebbleId));
  if (!pebble) return null;
  const ms = await db.select().from(minerals).where(eq(minerals.pebbleId, pebbleId)).orderBy(asc(minerals.position));
  const os = ms.length
    ? await db
        .select()
        .from(mineralOptions)
        .where(
          inArray(
            mineralOptions.mineralId,
            ms.map((m) => m.id),
          ),
        )
        .orderBy(asc(mineralOptions.position))
    : [];
  return { pebble, minerals: ms.map((m) => ({ ...m, options: os.filter((o) => o.mineralId === m.id) })) };
}

/** The actor's stored answers to one pebble. */
export function loadAnswers(db: Db, userId: number, pebbleId: number): Promise<AnswerRow[]> {
  return db
    .select()
    .from(mineralAnswers)
    .where(and(eq(mineralAnswers.userId, userId), eq(mineralAnswers.pebbleId, pebbleId)));
}
