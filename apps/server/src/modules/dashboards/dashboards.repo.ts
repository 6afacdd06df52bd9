import type { LeaderboardMetric } from '@cairn/shared';
import { sql } from 'drizzle-orm';
import { type Db, executePrepared } from '../../db/client';
import { signUrl } from '../../lib/file-urls';

/**
 * Leaderboards read the tallies the database keeps (trail_scores, user_scores: migration 0011), each through an
 * index ordered by the metric, so a page costs the same at 10 learners as at 10,000 (docs/me-and-coach.md).
 */

/** The tally column of a metric: over all trails (user_scores) and on one trail (trail_scores). */
const TOTAL_COLUMN: Record<LeaderboardMetric, string> = {
  points: 'xp',
  crowns: 'crowns',
  trails: 'trails_completed',
};
const TRAIL_COLUMN: Record<LeaderboardMetric, string> = {
  points: 'xp',
  crowns: 'crowns',
  trails: 'completed::integer',
};
const TRAIL_ORDER: Record<LeaderboardMetric, string> = {
  points: 'xp desc',
  crowns: 'crowns desc',
  trails: 'completed desc',
};

/** Coaches are not ranked among the learners: a row counts only when its user is not a coach (docs/me-and-coach.md). */
const notCoach = (alias: string) =>
  sql.raw(`not exists (select 1 from users c where c.id = ${alias}.user_id and c.is_coach)`);

/** Where a board's rows live, for the statements that count and page through them by index. */
function source(metric: LeaderboardMetric, customerId: number, trailId: number | null) {
  return trailId === null
    ? {
        table: sql.raw('user_scores'),
        where: sql`customer_id = ${customerId} and ${notCoach('user_scores')}`,
        value: sql.raw(TOTAL_COLUMN[metric]),
        order: sql.raw(`${TOTAL_COLUMN[metric]} desc, user_id`),
      }
    : {
        table: sql.raw('trail_scores'),
        where: sql`trail_id = ${trailId} and customer_id = ${customerId} and ${notCoach('trail_scores')}`,
        value: sql.raw(TRAIL_COLUMN[metric]),
        order: sql.raw(`${TRAIL_ORDER[metric]}, user_id`),
      };
}

export interface BoardRow {
  user_id: number;
  firstname: string | null;
  lastname: string | null;
  avatar: string | null;
  value: number;
}

export interface BoardPage {
  /** the trail asked for is one of the customer's (always true without one) */
  trailOk: boolean;
  total: number;
  /** rows with a value above the page's first row (its competition rank − 1) */
  aboveFirst: number;
  rows: BoardRow[];
  trails: { id: number; name: string }[];
}

const personJson = (alias: string, value: string) =>
  sql.raw(`json_build_object('user_id', u.id, 'firstname', u.firstname, 'lastname', u.lastname,
                             'avatar', u.avatar_url, 'value', ${alias}.${value})`);

/** One page of a board, its size, the first row's rank and the customer's trails: one statement. */
export async function loadBoardPage(
  db: Db,
  metric: LeaderboardMetric,
  customerId: number,
  trailId: number | null,
  limit: number,
  offset: number,
): Promise<BoardPage> {
  const s = source(metric, customerId, trailId);
  const [r] = await executePrepared<{
    trail_ok: boolean;
    total: number;
    above_first: number;
    rows: BoardRow[] | null;
    trails: { id: number; name: string }[] | null;
  }>(
    db,
    sql`
    with page as (
      select user_id, ${s.value} as value from ${s.table} where ${s.where} order by ${s.order}
      limit ${limit} offset ${offset}
    )
    select ${trailId === null ? sql`true` : sql`exists (select 1 from trails where id = ${trailId} and customer_id = ${customerId})`} as trail_ok,
           (select count(*) from ${s.table} where ${s.where})::int as total,
           (select count(*) from ${s.table} where ${s.where}
               and ${s.value} > (select value from page order by value desc, user_id limit 1))::int as above_first,
           (select json_agg(${personJson('p', 'value')} order by p.value desc, p.user_id)
              from page p join users u on u.id = p.user_id) as rows,
           (select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name, t.id)
              from trails t where t.customer_id = ${customerId}) as trails`,
  );
  return {
    trailOk: r.trail_ok,
    total: Number(r.total),
    aboveFirst: Number(r.above_first),
    rows: r.rows ?? [],
    trails: r.trails ?? [],
  };
}

export interface CardRow {
  top: BoardRow[];
  mine: BoardRow | null;
  /** rows with a value above the learner's */
  mineAbove: number;
  /** rows with a value above each top row, by user id */
  topAbove: Record<string, number>;
}

export interface CertificateRow {
  id: number;
  name: string;
  issued_at: string;
  trail: { id: number; name: string };
  pdf: string | null;
}

export interface MeBoards {
  /** learners the boards rank (the same on every card over all trails) */
  ranked: number;
  totals: { xp: number; crowns: number; trails_completed: number; trails_assigned: number };
  certificates: CertificateRow[];
  cards: Record<LeaderboardMetric, CardRow>;
}

/** The learner's totals and, for each metric over all trails, the top three and the learner's place: one statement. */
export async function loadMeBoards(
  db: Db,
  metrics: readonly LeaderboardMetric[],
  customerId: number,
  userId: number,
): Promise<MeBoards> {
  const parts = metrics.map((m) => {
    const col = TOTAL_COLUMN[m];
    const top = sql`(select user_id, ${sql.raw(col)} as value from user_scores s
                      where s.customer_id = ${customerId} and ${notCoach('s')}
                      order by ${sql.raw(col)} desc, user_id limit 3)`;
    return sql`(select json_build_object(
        'top', coalesce((select json_agg(${personJson('b', 'value')} order by b.value desc, b.user_id)
                 from ${top} b join users u on u.id = b.user_id), '[]'::json),
        'topAbove', coalesce((select json_object_agg(b.user_id, (select count(*) from user_scores x
                     where x.customer_id = ${customerId} and x.${sql.raw(col)} > b.value and ${notCoach('x')})) from ${top} b), '{}'::json),
        'mine', (select ${personJson('me', col)} from user_scores me join users u on u.id = me.user_id
                  where me.user_id = ${userId} and me.customer_id = ${customerId}),
        'mineAbove', (select count(*) from user_scores x, user_scores me
                       where me.user_id = ${userId} and x.customer_id = ${customerId} and x.${sql.raw(col)} > me.${sql.raw(col)}
                         and ${notCoach('x')})
      )) as ${sql.raw(m)}`;
  });
  const [r] = await executePrepared<Record<string, unknown>>(
    db,
    sql`
    select (select json_build_object('xp', xp, 'crowns', crowns, 'trails_completed', trails_completed,
                                     'trails_assigned', trails_assigned)
              from user_scores where user_id = ${userId}) as totals,
           (select count(*) from user_scores r where r.customer_id = ${customerId} and ${notCoach('r')})::int as ranked,
           (select json_agg(json_build_object('id', c.id, 'name', c.title, 'issued_at', c.issued_at,
                    'trail', json_build_object('id', t.id, 'name', t.name), 'pdf', c.pdf_url) order by c.issued_at desc, c.id desc)
              from user_certificates c join trails t on t.id = c.trail_id where c.user_id = ${userId}) as certificates,
           ${sql.join(parts, sql`, `)}`,
  );
  const cards = Object.fromEntries(metrics.map((m) => [m, r[m] as CardRow])) as Record<LeaderboardMetric, CardRow>;
  return {
    totals: (r.totals as MeBoards['totals'] | null) ?? { xp: 0, crowns: 0, trails_completed: 0, trails_assigned: 0 },
    ranked: Number(r.ranked),
    // PDFs are private files: handed out signed (docs/security.md)
    certificates: ((r.certificates as CertificateRow[] | null) ?? []).map((c) => ({
      ...c,
      issued_at: new Date(c.issued_at).toISOString(),
      pdf: c.pdf === null ? null : signUrl(c.pdf),
    })),
    cards,
  };
}
