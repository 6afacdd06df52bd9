import type { DashboardEndpoint } from '@cairn/shared/api/dashboards';
import { metricOf } from '@cairn/shared/api/dashboards';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { useDashboard } from '../api';
import { LeaderboardRow } from './LeaderboardRow';
import { TrailFilter } from './TrailFilter';

/** The dashboard-card overlay (§2): a card's whole leaderboard, page by page (10, §9), narrowed to a trail. */
export function DashboardOverlay({ endpoint, onClose }: { endpoint: DashboardEndpoint; onClose: () => void }) {
  const { t } = useTranslation(['dashboards', 'common']);
  const metric = metricOf(endpoint);
  const [trailId, setTrailId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useDashboard(endpoint, trailId, page);
  const totalPages = data?.meta.pagination.total_pages ?? 1;
  return (
    <Dialog open wide title={t(`cards.${metric}.title`)} onClose={onClose}>
      <div className="flex flex-col gap-3">
        <TrailFilter
          label={t('filter.trail')}
          allLabel={t('filter.allTrails')}
          trails={data?.filters.trails ?? []}
          value={trailId}
          onChange={(id) => {
            setTrailId(id);
            setPage(1);
          }}
        />
        {isPending ? (
          <Spinner label={t('common:status.loading')} />
        ) : isError ? (
          <p role="alert">{t('error')}</p>
        ) : data.data.length === 0 ? (
          <p className="text-slate-600">{t('empty')}</p>
        ) : (
          <ol className="flex flex-col gap-1" aria-label={t(`cards.${metric}.title`)}>
            {data.data.map((e) => (
              <LeaderboardRow key={e.user.id} entry={e} unit={t(`cards.${metric}.unit`, { count: e.value })} />
            ))}
          </ol>
        )}
        <nav className="flex items-center justify-between gap-2" aria-label={t('paging.label')}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('paging.previous')}
          </Button>
          <span className="text-sm text-slate-700" aria-live="polite">
            {t('paging.page', { page, total: Math.max(totalPages, 1) })}
          </span>
          <Button variant="secondary" disabled={page >= totalPages} onClick={() => setPage((p) => p + 1)}>
            {t('paging.next')}
          </Button>
        </nav>
        <div className="flex justify-end">
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
        </div>
      </div>
    </Dialog>
  );
}
