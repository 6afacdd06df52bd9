import type {
  CoachProfileUpdate,
  CoachUsersPage,
  CoachUserTrails,
  DashboardResponse,
} from '@cairn/shared/api/dashboards';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { dashboardsKey } from '../dashboards';
import { resetUserTrails, resultsKey } from '../results';

export const coachKey = ['coach'] as const;
/** Learners shown per page of the coach list ("show more" loads the next). */
export const COACH_PAGE = 50;

/** GET /api/results/users/coach, page by page; search is empty or at least 2 characters (the caller checks). */
export function useCoachUsers(search: string, trailId: number | null) {
  return useInfiniteQuery({
    queryKey: [...coachKey, 'users', search, trailId],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ page: String(pageParam), limit: String(COACH_PAGE) });
      if (search) q.set('search', search);
      if (trailId !== null) q.set('trail_id', String(trailId));
      return http.get<CoachUsersPage>(`/api/results/users/coach?${q}`, { signal });
    },
    getNextPageParam: (last) =>
      last.meta.pagination.current_page < last.meta.pagination.total_pages
        ? last.meta.pagination.current_page + 1
        : undefined,
  });
}

/** The customer's trails for the filter (the dashboards' filter list: every trail of the customer). */
export function useCustomerTrails() {
  return useQuery({
    queryKey: [...dashboardsKey, 'trails'],
    queryFn: ({ signal }) =>
      http.get<DashboardResponse>('/api/dashboard?limit=1', { signal }).then((r) => r.filters.trails),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/results/users/trails/coach/{id}: the learner, their trails with progress, their editable profile. */
export function useCoachUserTrails(userId: number | null) {
  return useQuery({
    queryKey: [...coachKey, 'user', userId],
    queryFn: ({ signal }) =>
      http.get<{ data: CoachUserTrails }>(`/api/results/users/trails/coach/${userId}`, { signal }).then((r) => r.data),
    enabled: userId !== null,
  });
}

/** Resets the learner's answers on one trail (free for a coach: no try is spent); refreshes what shows them. */
export function useCoachReset(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (trailId: number) => resetUserTrails(userId, [trailId]),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: coachKey });
      void qc.invalidateQueries({ queryKey: resultsKey });
      void qc.invalidateQueries({ queryKey: dashboardsKey });
    },
  });
}

/** POST /api/users/{id}: what a coach may change of a learner's profile. */
export function useUpdateCoachUser(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: CoachProfileUpdate) => http.post(`/api/users/${userId}`, patch, { handle: [422] }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: coachKey }),
  });
}
