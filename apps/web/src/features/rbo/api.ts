import type { MeRboRatings, Rating, RboRatingForm, RboTarget } from '@cairn/shared/api/ratings';
import type { pollSchema } from '@cairn/shared/api/trails';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../lib/http';

export type Poll = z.infer<typeof pollSchema>;

export const myRatingsKey = ['rbo', 'mine'] as const;
export const rboTargetKey = (pebbleId: number, playerId: number) => ['rbo', 'target', pebbleId, playerId] as const;

/** GET /api/rbos/{pebble_id}/{player_id}: the answer to rate. */
export function useRboTarget(pebbleId: number, playerId: number) {
  return useQuery({
    queryKey: rboTargetKey(pebbleId, playerId),
    // a request that is not (or no longer) the user's shows an empty state, not the §8 403 logout
    queryFn: () =>
      http.get<{ data: RboTarget }>(`/api/rbos/${pebbleId}/${playerId}`, { handle: [403, 404] }).then((r) => r.data),
    retry: false,
    enabled: Number.isInteger(pebbleId) && Number.isInteger(playerId),
  });
}

/** POST /api/rbos/{pebble_id}/{player_id}: the rating; the form shows 409 and 422 itself. */
export function rateAnswer(pebbleId: number, playerId: number, form: RboRatingForm) {
  return http
    .post<{ data: Rating }>(`/api/rbos/${pebbleId}/${playerId}`, form, { handle: [409, 422] })
    .then((r) => r.data);
}

/** GET /api/me/rboratings: requests waiting for the user and the ratings their answers received. */
export function useMyRatings() {
  return useQuery({
    queryKey: myRatingsKey,
    queryFn: () => http.get<{ data: MeRboRatings }>('/api/me/rboratings').then((r) => r.data),
  });
}

/** GET /api/polls/{pool_id}: every answer to a shared question within the customer. */
export function usePoll(poolId: number | null | undefined) {
  return useQuery({
    queryKey: ['poll', poolId],
    queryFn: () => http.get<{ data: Poll }>(`/api/polls/${poolId}`).then((r) => r.data),
    enabled: !!poolId,
  });
}
