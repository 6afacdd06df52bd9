import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { type Db, preparedPer } from '../../db/client';
import { mineralAnswers, mineralOptions, minerals, pebbleStates, pebbles, trailProgress } from '../../db/schema';
import type { Tx } from '../results/results.unlock';
import type { StateLite } from '../trails/progress';
import { type StateJson, statesOf } from '../trails/trails.repo';
import type { CheckedAnswer } from './answers.check';

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

/**
 * Marks a pebble opened (no-op when it already has a state) and reads the actor's answers to it, in one
 * statement prepared once per connection (the insert, a CTE, adds no answer, so reading in its snapshot is exact).
 */
const openAndAnswersQuery = preparedPer((db) => {
  const opened = db.$with('opened', {}).as(
    sql`insert into ${pebbleStates} (user_id, pebble_id, trail_id)
        values (${sql.placeholder('userId')}, ${sql.placeholder('pebbleId')}, ${sql.placeholder('trailId')})
        on conflict do nothing`,
  );
  return db
    .with(opened)
    .select()
    .from(mineralAnswers)
    .where(
      and(
        eq(mineralAnswers.userId, sql.placeholder('userId')),
        eq(mineralAnswers.pebbleId, sql.placeholder('pebbleId')),
      ),
    )
    .prepare('cairn_open_pebble_answers');
});

/** Marks the pebble opened for the actor and returns their stored answers to it. */
export function openPebbleAndLoadAnswers(
  db: Db,
  userId: number,
  pebbleId: number,
  trailId: number,
): Promise<AnswerRow[]> {
  return openAndAnswersQuery(db).execute({ userId, pebbleId, trailId });
}

/**
 * Inside the answer's transaction, after the pebble state is stored, in one statement:
 * - replaces the actor's answers to the pebble: the answers to its other minerals are deleted and the given
 *   ones upserted (data-modifying CTEs) — the same end state as "delete all, insert the new";
 * - records the attempt (the first answer spends the first try; resets spend the following ones);
 * - reads the actor's tries and pebble states on the trail as they are now (the states include the one this
 *   answer stored: earlier statements of the transaction are visible). tries_used is null only if a
 *   concurrent transaction inserted the attempt row after this statement's snapshot.
 */
export async function storeAnswersAndReadStates(
  tx: Tx,
  userId: number,
  pebbleId: number,
  trailId: number,
  answers: CheckedAnswer[],
  now: Date,
): Promise<{ triesUsed: number | null; states: Map<number, StateLite> }> {
  const mine = and(eq(mineralAnswers.userId, userId), eq(mineralAnswers.pebbleId, pebbleId));
  const ids = answers.map((a) => a.mineralId);
  const stale = tx
    .delete(mineralAnswers)
    .where(ids.length > 0 ? and(mine, notInArray(mineralAnswers.mineralId, ids)) : mine);
  const ctes = [sql`stale as (${stale.getSQL()})`];
  if (answers.length > 0) {
    const upsert = tx
      .insert(mineralAnswers)
      .values(answers.map((a) => ({ ...a, userId, pebbleId, trailId, updatedAt: now })))
      .onConflictDoUpdate({
        target: [mineralAnswers.userId, mineralAnswers.mineralId],
        set: {
          pebbleId: sql`excluded.pebble_id`,
          trailId: sql`excluded.trail_id`,
          options: sql`excluded.options`,
          value: sql`excluded.value`,
          mediaId: sql`excluded.media_id`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
    ctes.push(sql`written as (${upsert.getSQL()})`);
  }
  ctes.push(sql`started as (
      insert into ${trailProgress} (user_id, trail_id, tries_used) values (${userId}, ${trailId}, 1)
      on conflict do nothing returning tries_used)`);
  const res = await tx.execute<{ tries_used: number | null; states: StateJson[] }>(sql`
    with ${sql.join(ctes, sql`, `)}
    select coalesce((select tries_used from started),
                    (select tp.tries_used from ${trailProgress} tp where tp.user_id = ${userId} and tp.trail_id = ${trailId}))
             as tries_used,
           coalesce((select json_agg(json_build_object(
               'pebbleId', s.pebble_id, 'passed', s.passed,
               'answeredAt', floor(extract(epoch from s.answered_at) * 1000)::int8))
             from ${pebbleStates} s where s.user_id = ${userId} and s.trail_id = ${trailId}), '[]'::json) as states`);
  const row = res.rows[0];
  return { triesUsed: row.tries_used, states: statesOf(row.states) };
}
