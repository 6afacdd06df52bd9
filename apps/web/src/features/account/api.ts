import type { ProfileUpdate, User } from '@cairn/shared/api/accounts';
import type { Country } from '@cairn/shared/api/reference';
import { ROLE_LEVEL_THRESHOLD } from '@cairn/shared/constants';

type Locale = User['supported_languages'][number];

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../lib/http';

import { profileKey } from '../../lib/profile';
import { useProfile } from '../../lib/use-profile';

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

/**
 * Opening /games (home) or /me (me) clears that counter of the profile (POST /api/me/seen/{screen}); only when
 * it shows something, and quietly: a failure leaves the badge for the next visit.
 */
export function useMarkSeen(screen: 'home' | 'me') {
  const qc = useQueryClient();
  const { data: user } = useProfile();
  const pending = (user?.notifications?.[screen] ?? 0) > 0;
  useEffect(() => {
    if (!pending) return;
    http
      .post<{ data: User }>(`/api/me/seen/${screen}`, undefined, { quiet: true })
      .then((r) => qc.setQueryData(profileKey, r.data))
      .catch((err) => console.warn('counter not cleared', err));
  }, [pending, screen, qc]);
}

/** §6: a role level above 400 adds the Results entry. */
export function canSeeResults(user: User | undefined): boolean {
  return !!user?.roles.some((r) => r.level > ROLE_LEVEL_THRESHOLD);
}

/** GET /api/languages/supported: the interface languages (the language select); they change only with a release. */
export function useSupportedLanguages() {
  return useQuery({
    queryKey: ['languages'],
    queryFn: ({ signal }) => http.get<{ data: Locale[] }>('/api/languages/supported', { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/countries/all: the nationality choices (named in the interface language through Intl.DisplayNames). */
export function useCountries() {
  return useQuery({
    queryKey: ['countries'],
    queryFn: ({ signal }) => http.get<{ data: Country[] }>('/api/countries/all', { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
