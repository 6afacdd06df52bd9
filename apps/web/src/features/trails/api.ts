import type { Trail } from '@cairn/shared/api/trails';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { isUnavailableTrail, leaveUnavailableTrail } from './unavailable';

export const trailsKey = ['trails'] as const;
export const trailKey = (id: number) => ['trails', id] as const;

/** GET /api/games: the trails the learner may play, with their progress. */
export const trailsQuery = () =>
  queryOptions({
    queryKey: trailsKey,
    queryFn: ({ signal }) => http.get<{ data: Trail[] }>('/api/games', { signal }).then((r) => r.data),
  });

/** GET /api/games/{id}: one trail's detail; a 404 leaves for /games saying the trail is not available. */
export const trailQuery = (id: number) =>
  queryOptions({
    queryKey: trailKey(id),
    queryFn: ({ signal }) =>
      http.get<{ data: Trail }>(`/api/games/${id}`, { signal, handle: [404] }).then(
        (r) => r.data,
        (err: unknown) => {
          if (isUnavailableTrail(err)) leaveUnavailableTrail();
          throw err;
        },
      ),
  });

export function useTrails() {
  return useQuery(trailsQuery());
}

export function useTrail(id: number | undefined) {
  return useQuery({ ...trailQuery(id ?? 0), enabled: id !== undefined && Number.isFinite(id) });
}

/** Whether the learner has begun: decides between Start and Continue. */
export const hasStarted = (t: Trail) => t.progress.status !== 'not_started';
