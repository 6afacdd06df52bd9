import type { User } from '@cairn/shared/api/accounts';
import { http } from './http';

// Kept apart from the TanStack hooks in api.ts so the login route does not load them.

export const profileKey = ['profile'] as const;

export function fetchProfile(): Promise<User> {
  return http.get<{ data: User }>('/api/user/profile').then((r) => r.data);
}

/** The profile query as every signed-in screen reads it (useProfile) and the first screen prefetches it. */
export const PROFILE_QUERY = { queryKey: profileKey, queryFn: fetchProfile, staleTime: 60_000 } as const;

/** Reads the profile with tokens not stored yet (the login hand-off). */
export function fetchProfileWith(token: string): Promise<User> {
  return http.get<{ data: User }>('/api/user/profile', { token }).then((r) => r.data);
}

export function displayName(user: User | undefined): string {
  if (!user) return '';
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ');
  return name || user.email || '';
}
