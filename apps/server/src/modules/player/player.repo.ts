import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, preparedPer } from '../../db/client';
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

/** A pebble joined to its minerals and their options, prepared once per connection. */
const pebbleDetailQuery = preparedPer((db) =>
  db
    .select({ pebble: pebbles, mineral: minerals, option: mineralOptions })
    .from(pebbles)
    .leftJoin(minerals, eq(minerals.pebbleId, pebbles.id))
    .leftJoin(mineralOptions, eq(mineralOptions.mineralId, minerals.id))
    .where(eq(pebbles.id, sql.placeholder('pebbleId')))
    .orderBy(asc(minerals.position), asc(minerals.id), asc(mineralOptions.position), asc(mineralOptions.id))
    .prepare('cairn_pebble_detail'),
);

/** Loads a pebble with its minerals and options (each in position order) in one query; null when there is none. */
export async function loadPebbleDetail(db: Db, pebbleId: number): Promise<PebbleDetail | null> {
  const rows = await pebbleDetailQuery(db).execute({ pebbleId });
  if (rows.length === 0) return null;
  const byId = new Map<number, PebbleDetail['minerals'][number]>();
  for (const r of rows) {
    if (!r.mineral) continue;
    let m = byId.get(r.mineral.id);
    if (!m) {
      m = { ...r.mineral, options: [] };
      byId.set(m.id, m);
    }
    if (r.option) m.options.push(r.option);
  }
  return { pebble: rows[0].pebble, minerals: [...byId.values()] };
}

const answersQuery = preparedPer((db) =>
  db
    .select()
    .from(mineralAnswers)
    .where(
      and(
        eq(mineralAnswers.userId, sql.placeholder('userId')),
        eq(mineralAnswers.pebbleId, sql.placeholder('pebbleId')),
      ),
    )
    .prepare('cairn_pebble_answers'),
);

/** The actor's stored answers to one pebble. */
export function loadAnswers(db: Db, userId: number, pebbleId: number): Promise<AnswerRow[]> {
  return answersQuery(db).execute({ userId, pebbleId });
}
