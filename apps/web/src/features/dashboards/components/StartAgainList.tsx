import type { ResettableTrail } from '@cairn/shared/api/trails';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { resetTrail, trailsKey } from '../../trails';
import { dashboardsKey } from '../api';

const resetsKey = ['me', 'resets'] as const;

/**
 * "Start again" on /me (GET /api/me/reset): the trails the learner may reset now, with the tries left; a reset asks
 * first (the try-again modal) and spends a try (DELETE /api/games/reset/{id}).
 */
export function StartAgainList() {
  const { t } = useTranslation(['dashboards', 'common']);
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: resetsKey,
    queryFn: ({ signal }) => http.get<{ data: ResettableTrail[] }>('/api/me/reset', { signal }).then((r) => r.data),
  });
  const [asking, setAsking] = useState<ResettableTrail | null>(null);
  const reset = useMutation({
    mutationFn: (id: number) => resetTrail(id),
    onSuccess: () => {
      for (const key of [resetsKey, trailsKey, dashboardsKey]) void qc.invalidateQueries({ queryKey: key });
    },
  });
  if (!data || data.length === 0) return null;
  const confirm = async () => {
    if (!asking) return;
    try {
      await reset.mutateAsync(asking.id);
      notify.success(t('resets.done', { trail: asking.name }));
    } finally {
      setAsking(null);
    }
  };
  return (
    <section aria-labelledby="start-again-title">
      <h2 id="start-again-title" className="mb-3 text-xl font-bold">
        {t('resets.title')}
      </h2>
      <ul className="flex flex-col gap-2">
        {data.map((tr) => (
          <li key={tr.id} className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-3 ring-1 ring-slate-200">
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{tr.name}</p>
              <p className="text-sm text-slate-600">
                {tr.tries_left === null ? t('resets.unlimited') : t('resets.triesLeft', { count: tr.tries_left })}
              </p>
            </div>
            <Button variant="secondary" onClick={() => setAsking(tr)}>
              {t('resets.button', { trail: tr.name })}
            </Button>
          </li>
        ))}
      </ul>
      <Dialog open={asking !== null} title={t('resets.question')} alert onClose={() => setAsking(null)}>
        <p>{t('resets.warning', { trail: asking?.name ?? '' })}</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setAsking(null)}>
            {t('resets.no')}
          </Button>
          <Button onClick={() => void confirm()} disabled={reset.isPending}>
            {t('resets.yes')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
