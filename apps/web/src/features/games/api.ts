import type { Trail } from '@cairn/shared/api/trails';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const trailsKey = ['trails'] as const;
export const trailKey = (id: number) => ['trails', id] as const;

/** GET /api/games: the trails the learner may play, with their progress. */
export function useTrails() {
  return useQuery({
    queryKey: trailsKey,
    queryFn: () => http.get<{ data: Trail[] }>('/api/games').then((r) => r.data),
  });
}

/** GET /api/games/{id}: one trail's detail. */
export function useTrail(id: number | undefined) {
  return useQuery({
    queryKey: trailKey(id ?? 0),
    queryFn: () => http.get<{ data: Trail }>(`/api/games/${id}`).then((r) => r.data),
    enabled: id !== undefined && Number.isFinite(id),
  });
}

/** Whether the learner has begun: decides between Start and Continue. */
export const hasStarted = (t: Trail) => t.progress.status !== 'not_started';
