import type { DashboardEndpoint, DashboardResponse, MeDashboard } from '@cairn/shared/api/dashboards';
import { DASHBOARD_PAGE_SIZE } from '@cairn/shared/api/dashboards';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const dashboardsKey = ['dashboards'] as const;

/** GET /api/me/dashboard: the learner's totals, certificates and the cards' top three and own place. */
export function useMeDashboard(enabled = true) {
  return useQuery({
    queryKey: [...dashboardsKey, 'me'],
    queryFn: ({ signal }) => http.get<{ data: MeDashboard }>('/api/me/dashboard', { signal }).then((r) => r.data),
    enabled,
    staleTime: 30_000,
  });
}

/** GET /api/dashboard/{endpoint}: one page of a card's leaderboard, over all trails or one. */
export function useDashboard(endpoint: DashboardEndpoint, trailId: number | null, page: number) {
  const query = new URLSearchParams({ page: String(page), limit: String(DASHBOARD_PAGE_SIZE) });
  if (trailId !== null) query.set('trail_id', String(trailId));
  return useQuery({
    queryKey: [...dashboardsKey, endpoint, trailId, page],
    queryFn: ({ signal }) => http.get<DashboardResponse>(`/api/dashboard/${endpoint}?${query}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A listed person's name: first and last name, or the fallback (an email, "#id"). */
export function personName(p: { firstname: string | null; lastname: string | null }, fallback = ''): string {
  return [p.firstname, p.lastname].filter(Boolean).join(' ').trim() || fallback;
}
