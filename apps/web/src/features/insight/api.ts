import type { Insight } from '@cairn/shared/api/insight';
import { useQuery } from '@tanstack/react-query';
import { saveFile } from '../../lib/download';
import { type DownloadedFile, http, request } from '../../lib/http';

export const insightKey = ['insight'] as const;

/**
 * GET /api/coach/insight/{trail_id}. While the settled figures lag behind the attempts (the server has queued the
 * job that settles them), it asks again a few seconds later, so "last computed" catches up without a reload.
 */
export function useInsight(trailId: number) {
  return useQuery({
    queryKey: [...insightKey, trailId],
    queryFn: ({ signal }) =>
      http.get<{ data: Insight }>(`/api/coach/insight/${trailId}`, { signal }).then((r) => r.data),
    enabled: Number.isInteger(trailId) && trailId > 0,
    refetchInterval: (q) => {
      const d = q.state.data;
      return d && d.summary.attempts > 0 && d.settled_attempts !== d.summary.attempts ? 3000 : false;
    },
  });
}

/** GET /api/coach/insight/{trail_id}/csv, saved under the server's name. */
export async function downloadInsightCsv(trailId: number): Promise<void> {
  const file = await request<DownloadedFile>(`/api/coach/insight/${trailId}/csv`, { as: 'file' });
  saveFile(file.blob, file.name ?? `insight-${trailId}.csv`);
}
