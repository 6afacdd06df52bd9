import type { LoginResponse } from '@cairn/shared/api/accounts';
import type {
  AdminUser,
  AdminUsersPage,
  AuditPage,
  CreateCustomer,
  ImportReport,
  InviteUser,
  UpdateUser,
} from '@cairn/shared/api/admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, http, request } from '../../lib/http';

export const adminKey = ['admin'] as const;

export interface PeopleFilter {
  page: number;
  search: string;
  role: string;
  state: string;
  team: string;
}

/** GET /api/admin/users: one page of the customer's people; search is empty or at least 2 characters. */
export function usePeople(f: PeopleFilter) {
  return useQuery({
    queryKey: [...adminKey, 'people', f],
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ page: String(f.page) });
      if (f.search) q.set('search', f.search);
      if (f.role) q.set('role', f.role);
      if (f.state) q.set('state', f.state);
      if (f.team) q.set('team_id', f.team);
      return http.get<AdminUsersPage>(`/api/admin/users?${q}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** The customer's teams, for the team filter (GET /api/admin/teams). */
export function useTeamOptions() {
  return useQuery({
    queryKey: [...adminKey, 'team-options'],
    queryFn: ({ signal }) =>
      http
        .get<{ data: { id: number; name: string }[] }>('/api/admin/teams', { signal, quiet: true })
        .then((r) => r.data.map((t) => ({ id: t.id, name: t.name }))),
    staleTime: 60_000,
  });
}

function useAdminMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminKey }),
  });
}

/** POST /api/admin/users: 422 (a taken address, a bad field) is the form's to show. */
export const useInvite = () =>
  useAdminMutation((body: InviteUser) =>
    http.post<{ data: AdminUser }>('/api/admin/users', body, { handle: [422] }).then((r) => r.data),
  );

export const useUpdatePerson = () =>
  useAdminMutation(({ id, body }: { id: number; body: UpdateUser }) =>
    request<{ data: AdminUser }>(`/api/admin/users/${id}`, { method: 'PATCH', body, handle: [422] }).then(
      (r) => r.data,
    ),
  );

export const useErasePerson = () => useAdminMutation((id: number) => http.del(`/api/admin/users/${id}`));

export const useResendInvitation = () =>
  useAdminMutation((id: number) => http.post<{ data: AdminUser }>(`/api/admin/users/${id}/invite`));

/** The import's answer: the report, whether it imported (200) or was refused with its problems (422). */
export async function importPeople(file: File, dryRun: boolean): Promise<ImportReport> {
  const body = new FormData();
  body.append('file', file);
  try {
    const r = await http.post<{ data: ImportReport }>(`/api/admin/users/import${dryRun ? '?dry_run=1' : ''}`, body, {
      handle: [422],
    });
    return r.data;
  } catch (err) {
    const report = err instanceof HttpError ? (err.body as { data?: ImportReport } | undefined)?.data : undefined;
    if (report) return report;
    throw err;
  }
}

/** GET /api/admin/audit, one page, newest first. */
export function useAudit(page: number) {
  return useQuery({
    queryKey: [...adminKey, 'audit', page],
    queryFn: ({ signal }) => http.get<AuditPage>(`/api/admin/audit?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Operators: the deployment's customers. */
export function useCustomers(enabled: boolean) {
  return useQuery({
    queryKey: [...adminKey, 'customers'],
    queryFn: ({ signal }) =>
      http
        .get<{ data: { id: number; company: string; users: number; created_at: string }[] }>('/api/admin/customers', {
          signal,
        })
        .then((r) => r.data),
    enabled,
  });
}

export const useCreateCustomer = () =>
  useAdminMutation((body: CreateCustomer) => http.post('/api/admin/customers', body, { handle: [422] }));

/** POST /api/invitations/{token}: the invitee's password and accepted terms; signs them in. */
export function acceptInvitation(token: string, password: string) {
  return http.post<LoginResponse>(
    `/api/invitations/${encodeURIComponent(token)}`,
    { password, accepted: true },
    { anonymous: true, handle: [422] },
  );
}
