import type { Reward } from '@cairn/shared/api/results';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const rewardsKey = ['rewards'] as const;

/** GET /api/rewards/user: the signed-in user's rewards, newest first. */
export function fetchRewardsList(): Promise<Reward[]> {
  return http.get<{ data: Reward[] }>('/api/rewards/user').then((r) => r.data);
}

export function useRewards() {
  return useQuery({ queryKey: rewardsKey, queryFn: fetchRewardsList });
}

/** GET /api/rewards/user/{ids}: some of the user's rewards (the ids a NOTIFY_REWARD names). */
export function fetchRewards(ids: number[]): Promise<Reward[]> {
  return http.get<{ data: Reward[] }>(`/api/rewards/user/${ids.join(',')}`).then((r) => r.data);
}

/** GET /api/rewards/test: the popup with every reward the user's trails declare (nothing stored). */
export function fetchTestRewards(): Promise<Reward[]> {
  return http.get<{ data: Reward[] }>('/api/rewards/test').then((r) => r.data);
}
