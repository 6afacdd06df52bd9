import type { Certificate, ResultPdfResponse, TrailResult } from '@cairn/shared/api/results';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const resultsKey = ['results'] as const;
export const resultKey = (userId: number, trailId: number) => ['results', userId, trailId] as const;

/** GET /api/results/users/{user_id}/{trail_id}; a failure is only logged (§8), the caller shows an empty state. */
export function fetchTrailResult(userId: number, trailId: number): Promise<TrailResult> {
  return http
    .get<{ data: TrailResult }>(`/api/results/users/${userId}/${trailId}`, { handle: [403, 404, 422, 500] })
    .then(
      (r) => r.data,
      (err: unknown) => {
        console.warn('trail result unavailable', err);
        throw err;
      },
    );
}

export function useTrailResult(userId: number | undefined, trailId: number) {
  return useQuery({
    queryKey: resultKey(userId ?? 0, trailId),
    queryFn: () => fetchTrailResult(userId ?? 0, trailId),
    enabled: !!userId && trailId > 0,
    retry: false,
  });
}

/** GET /api/results/{trail}/pdf/{user}: the PDF's URL, or 'submitted' when the job was queued (202). */
export async function requestResultPdf(trailId: number, userId: number): Promise<string | 'submitted'> {
  const res = await http.get<ResultPdfResponse>(`/api/results/${trailId}/pdf/${userId}`);
  return 'pdf' in res ? res.pdf : 'submitted';
}

/** POST /api/users/{id}/reset/trail: the form of trail ids. */
export function resetUserTrails(userId: number, trailIds: number[]): Promise<unknown> {
  return http.post(`/api/users/${userId}/reset/trail`, { trails_ids: trailIds });
}

/** GET /api/certificates/user/{ids}: renders missing certificate PDFs and returns their URLs. */
export function fetchCertificates(ids: number[]): Promise<Certificate[]> {
  return http.get<{ data: Certificate[] }>(`/api/certificates/user/${ids.join(',')}`).then((r) => r.data);
}

/** The certificates of a result with their PDF URLs, rendering the ones not made yet. */
export function useCertificatePdfs(result: TrailResult | undefined) {
  const refs = result?.certificates ?? [];
  const missing = refs.filter((c) => !c.file).map((c) => c.id);
  return useQuery({
    queryKey: ['certificates', ...missing],
    queryFn: () => fetchCertificates(missing),
    enabled: missing.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    select: (list) => new Map(list.map((c) => [c.id, c.pdf])),
  });
}
