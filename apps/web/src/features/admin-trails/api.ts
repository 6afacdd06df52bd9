import type { AdminUsersPage } from '@cairn/shared/api/admin';
import type {
  AdminTeam,
  AdminTrail,
  AssignInput,
  PackageUpload,
  PublicLink,
  TeamCreate,
  TeamUpdate,
} from '@cairn/shared/api/admin-trails';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type DownloadedFile, http, request } from '../../lib/http';

export const adminTeamsKey = ['admin', 'teams'] as const;
export const adminTrailsKey = ['admin', 'trails'] as const;

export const useAdminTeams = () =>
  useQuery({
    queryKey: adminTeamsKey,
    queryFn: async () => (await http.get<{ data: AdminTeam[] }>('/api/admin/teams')).data,
  });
export const useAdminTrails = () =>
  useQuery({
    queryKey: adminTrailsKey,
    queryFn: async () => (await http.get<{ data: AdminTrail[] }>('/api/admin/trails')).data,
  });

export const refreshTeams = (qc: QueryClient) => qc.invalidateQueries({ queryKey: adminTeamsKey });
export const refreshTrails = (qc: QueryClient) => qc.invalidateQueries({ queryKey: adminTrailsKey });

export const teamsApi = {
  create: (body: TeamCreate) => http.post<{ data: AdminTeam }>('/api/admin/teams', body),
  update: (id: number, body: TeamUpdate) =>
    request<{ data: AdminTeam }>(`/api/admin/teams/${id}`, { method: 'PATCH', body }),
  remove: (id: number) => http.del(`/api/admin/teams/${id}`),
  addMembers: (id: number, userIds: number[]) =>
    http.post<{ data: AdminTeam }>(`/api/admin/teams/${id}/members`, { user_ids: userIds }),
  removeMember: (id: number, userId: number) => http.del(`/api/admin/teams/${id}/members/${userId}`),
};

/** The customer's people matching a search (2 characters or more), for the member and assignee pickers. */
export async function searchPeople(search: string) {
  const q = new URLSearchParams({ search });
  return (await http.get<AdminUsersPage>(`/api/admin/users?${q}`)).data;
}

/** Uploads a package (or checks it: dryRun); a refused package rejects with the 422 the caller shows by path. */
export async function uploadPackage(file: File, dryRun: boolean): Promise<PackageUpload> {
  const form = new FormData();
  form.append('file', file);
  const url = `/api/admin/trails${dryRun ? '?dry_run=1' : ''}`;
  return (await http.post<{ data: PackageUpload }>(url, form, { handle: [413, 415, 422] })).data;
}

export const trailsApi = {
  preview: (id: number) => http.post<{ data: { trail_id: number } }>(`/api/admin/trails/${id}/preview`),
  publish: (id: number) => http.post<{ data: AdminTrail }>(`/api/admin/trails/${id}/publish`),
  retire: (id: number) => http.post<{ data: AdminTrail }>(`/api/admin/trails/${id}/retire`),
  assign: (id: number, body: AssignInput) =>
    http.post<{ data: { people: number } }>(`/api/admin/trails/${id}/assignments`, body),
  unassign: (id: number, body: Omit<AssignInput, 'starts_on' | 'due_on'>) =>
    request<{ data: { people: number } }>(`/api/admin/trails/${id}/assignments`, { method: 'DELETE', body }),
  link: (id: number) => http.post<{ data: PublicLink }>(`/api/admin/trails/${id}/links`),
  revoke: (id: number, linkId: string) => http.del(`/api/admin/trails/${id}/links/${encodeURIComponent(linkId)}`),
  exportFile: (id: number) => request<DownloadedFile>(`/api/admin/trails/${id}/export`, { as: 'file' }),
};
