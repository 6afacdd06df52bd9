import type { CustomerTheme, CustomerThemeUpdate, Theme } from '@cairn/shared/api/reference';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { profileKey } from '../../lib/profile';

export const themesKey = ['themes'] as const;
const customerThemeKey = ['customer-theme'] as const;

/** GET /api/themes: the customer's themes; the first is the current one (its backgrounds show behind screens). */
export function useThemes(enabled: boolean) {
  return useQuery({
    queryKey: themesKey,
    queryFn: ({ signal }) => http.get<{ data: Theme[] }>('/api/themes', { signal, quiet: true }).then((r) => r.data),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/customer/theme: the brand page's data; asked only for customer admins (a 403 would sign out, §8). */
export function useCustomerTheme(enabled: boolean) {
  return useQuery({
    queryKey: customerThemeKey,
    queryFn: ({ signal }) =>
      http.get<{ data: CustomerTheme }>('/api/customer/theme', { signal, handle: [403] }).then((r) => r.data),
    enabled,
  });
}

/** PUT /api/customer/theme; on success the app itself takes the new palette and backgrounds. */
export function useSaveTheme() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerThemeUpdate) =>
      http.put<{ data: CustomerTheme }>('/api/customer/theme', body, { handle: [403] }).then((r) => r.data),
    onSuccess: (data) => {
      qc.setQueryData(customerThemeKey, data);
      void qc.invalidateQueries({ queryKey: profileKey });
      void qc.invalidateQueries({ queryKey: themesKey });
    },
  });
}
