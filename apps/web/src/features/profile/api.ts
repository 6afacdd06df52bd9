import type { ProfileField } from '@cairn/shared/api/accounts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { navigateTo } from '../../lib/navigation';
import { session } from '../../lib/session';

export const userFieldsKey = ['user-fields'] as const;
const FIELDS_URL = { all: '/api/user/allFields', editable: '/api/user/fields' } as const;

/**
 * The customer's custom profile fields with the user's values (§7, docs/me-and-coach.md): `all` (GET
 * /api/user/allFields) where every field is shown, those the coach sets (`edit: false`) read-only: profile editing;
 * `editable` (GET /api/user/fields) just those the user fills in: the onboarding.
 */
export function useUserFields(scope: 'all' | 'editable') {
  return useQuery({
    queryKey: [...userFieldsKey, scope],
    queryFn: ({ signal }) => http.get<{ data: ProfileField[] }>(FIELDS_URL[scope], { signal }).then((r) => r.data),
  });
}

/**
 * POST /api/user/fields: the user's values by field name (null clears one); 422s come back to the form. The answer
 * is every field (as allFields).
 */
export function saveUserFields(fields: Record<string, string | null>): Promise<ProfileField[]> {
  return http.post<{ data: ProfileField[] }>('/api/user/fields', { fields }, { handle: [422] }).then((r) => r.data);
}

/**
 * DELETE /api/deleteAccount. Only once the server has deleted the account does the session end here (like
 * logout's endSession: marked retiring, to /login, then cleared); a failure leaves the user signed in and throws.
 */
export async function deleteAccount(): Promise<void> {
  await http.del('/api/deleteAccount', { handle: [500] });
  session.retire();
  await session.handOff('/login', () => navigateTo('/login'), 'logout');
}
