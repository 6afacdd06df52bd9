import {
  DASHBOARD_ENDPOINTS,
  type DashboardEndpoint,
  type DashboardQuery,
  type DashboardResponse,
  LEADERBOARD_METRICS,
  type LeaderboardEntry,
  type MeDashboard,
  metricOf,
} from '@cairn/shared';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { forbidden, notFound } from '../../lib/http-error';
import { type BoardRow, loadBoardPage, loadMeBoards } from './dashboards.repo';

/** Leaderboards are for the learners and coaches of a customer; public users (one trail, no account) have none. */
function customerOf(actor: Actor): number {
  if (actor.customerId === null || actor.trailId !== null) throw forbidden();
  return actor.customerId;
}

const entry = (r: BoardRow, rank: number, actor: Actor): LeaderboardEntry => ({
  rank,
  user: { id: r.user_id, firstname: r.firstname, lastname: r.lastname, avatar: r.avatar },
  value: Number(r.value),
  me: r.user_id === actor.userId,
});

/**
 * Competition ranks for a page sorted by value, highest first: the first row's rank comes from the number of rows
 * above it; every later row whose value differs from the one before is ranked by its position.
 */
export function rankPage(values: number[], aboveFirst: number, offset: number): number[] {
  let rank = aboveFirst + 1;
  return values.map((v, i) => {
    if (i > 0 && v !== values[i - 1]) rank = offset + i + 1;
    return rank;
  });
}

export function parseEndpoint(kind: string, metric: string, order: string): DashboardEndpoint {
  const endpoint = `${kind}/${metric}/${order}`;
  if (!(DASHBOARD_ENDPOINTS as readonly string[]).includes(endpoint)) throw notFound('Unknown dashboard card');
  return endpoint as DashboardEndpoint;
}

/** GET /api/dashboard/{endpoint}: one page of a leaderboard of the actor's customer, over all trails or one. */
export async function getDashboard(
  db: Db,
  actor: Actor,
  endpoint: DashboardEndpoint,
  query: DashboardQuery,
): Promise<DashboardResponse> {
  const customerId = customerOf(actor);
  const metric = metricOf(endpoint);
  const offset = (query.page - 1) * query.limit;
  const page = await loadBoardPage(db, metric, customerId, query.trail_id ?? null, query.limit, offset);
  if (!page.trailOk) throw notFound('Trail not found');
  const ranks = rankPage(
    page.rows.map((r) => Number(r.value)),
    page.aboveFirst,
    offset,
  );
  return {
    data: page.rows.map((r, i) => entry(r, ranks[i], actor)),
    filters: { trails: page.trails, trail_id: query.trail_id ?? null },
    meta: {
      endpoint,
      metric,
      pagination: {
        total: page.total,
        total_pages: Math.ceil(page.total / query.limit),
        current_page: query.page,
        per_page: query.limit,
      },
    },
  };
}

/** GET /api/me/dashboard: the learner's totals and each card's top three and the learner's own place. */
export async function getMeDashboard(db: Db, actor: Actor): Promise<MeDashboard> {
  const customerId = customerOf(actor);
  const boards = await loadMeBoards(db, LEADERBOARD_METRICS, customerId, actor.userId);
  return {
    totals: boards.totals,
    certificates: boards.certificates,
    cards: DASHBOARD_ENDPOINTS.map((endpoint) => {
      const metric = metricOf(endpoint);
      const card = boards.cards[metric];
      return {
        endpoint,
        metric,
        total: boards.ranked,
        top: card.top.map((r) => entry(r, Number(card.topAbove[String(r.user_id)] ?? 0) + 1, actor)),
        mine: card.mine ? entry(card.mine, Number(card.mineAbove) + 1, actor) : null,
      };
    }),
  };
}
