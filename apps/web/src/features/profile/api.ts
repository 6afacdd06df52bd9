import type { ProfileField } from '@cairn/shared/api/accounts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { navigateTo } from '../../lib/navigation';
import { session } from '../../lib/session';

export const userFieldsKey = ['user-fields'] as const;

/** GET /api/user/fields: the customer's custom profile fields with the user's values (`edit: false` = coach sets it). */
export function useUserFields() {
  return useQuery({
    queryKey: userFieldsKey,
    queryFn: ({ signal }) => http.get<{ data: ProfileField[] }>('/api/user/fields', { signal }).then((r) => r.data),
  });
}

/** POST /api/user/fields: the user's values by field name (null clears one); 422s come back to the form. */
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
