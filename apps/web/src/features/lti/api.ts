import type { LoginResponse } from '@cairn/shared/api/accounts';
import type { LtiPlatform, LtiPlatformInput, LtiPlatformsResponse } from '@cairn/shared/api/lti';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const ltiPlatformsKey = ['admin', 'lti', 'platforms'] as const;

/** The customer's registered platforms and the tool's URLs (customer admins). */
export const useLtiPlatforms = () =>
  useQuery({
    queryKey: ltiPlatformsKey,
    queryFn: async () => (await http.get<LtiPlatformsResponse>('/api/admin/lti/platforms')).data,
  });

export const registerPlatform = (body: LtiPlatformInput) =>
  http.post<{ data: LtiPlatform }>('/api/admin/lti/platforms', body);

/** Exchanges a launch's one-time code for the launched user's session and the page to open. */
export const ltiSession = (code: string) =>
  http.post<LoginResponse & { data: LoginResponse['data'] & { target: string } }>(
    '/api/lti/session',
    { code },
    { anonymous: true },
  );

export const syncRoster = (trailId: number) =>
  http.post<{ data: { members: number; created: number; assigned: number } }>(`/api/lti/roster/${trailId}`);
