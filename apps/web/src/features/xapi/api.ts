import type { XapiSettings, XapiSettingsUpdate } from '@cairn/shared/api/xapi';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const xapiSettingsKey = ['admin', 'xapi'] as const;

/** The customer's LRS settings (never the secret) and its statement queue (customer admins). */
export const useXapiSettings = () =>
  useQuery({
    queryKey: xapiSettingsKey,
    queryFn: async () => (await http.get<{ data: XapiSettings }>('/api/admin/xapi')).data,
  });

export const saveXapiSettings = async (body: XapiSettingsUpdate) =>
  (await http.put<{ data: XapiSettings }>('/api/admin/xapi', body)).data;
