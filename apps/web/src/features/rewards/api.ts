import type { User } from '@cairn/shared/api/accounts';
import type { Reward } from '@cairn/shared/api/results';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { profileKey } from '../../lib/profile';

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

/**
 * "Your first reward!" was shown: the profile says so at once (this tab shows it no more) and the server keeps it
 * (POST /api/me/seen/first_reward), so no other tab, device or reload shows it again. Quiet: if it fails, the
 * message may show once more elsewhere.
 */
export function markFirstRewardSeen(qc: QueryClient): void {
  qc.setQueryData<User>(profileKey, (u) => (u ? { ...u, first_reward_seen: true } : u));
  http
    .post<{ data: User }>('/api/me/seen/first_reward', undefined, { quiet: true })
    .then((r) => qc.setQueryData(profileKey, r.data))
    .catch((err) => console.warn('first reward not remembered', err));
}
