import type { ProfileUpdate, User } from '@cairn/shared/api/accounts';
import { ROLE_LEVEL_THRESHOLD } from '@cairn/shared/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { useSession } from '../../lib/session';

import { fetchProfile, profileKey } from './profile';

export { displayName, profileKey } from './profile';

/** The signed-in user's profile; idle while nobody is signed in. */
export function useProfile() {
  const { authenticated } = useSession();
  return useQuery({ queryKey: profileKey, queryFn: fetchProfile, enabled: authenticated, staleTime: 60_000 });
}

export function updateProfile(patch: ProfileUpdate): Promise<User> {
  return http.post<{ data: User }>('/api/user/profile', patch).then((r) => r.data);
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => qc.setQueryData(profileKey, user),
  });
}

/** §6: a role level above 400 adds the Results entry. */
export function canSeeResults(user: User | undefined): boolean {
  return !!user?.roles.some((r) => r.level > ROLE_LEVEL_THRESHOLD);
}
