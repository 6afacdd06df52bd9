import type { CoachTrail } from '@cairn/shared/api/dashboards';
import { kFormatter } from '@cairn/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { resultPanel } from '../../../lib/result-panel';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { personName } from '../../dashboards';
import { useCoachReset, useCoachUserTrails } from '../api';
import { CoachProfileDialog } from './CoachProfileDialog';
import { ProgressChart } from './ProgressChart';

/** One learner in the coach view: totals, progress chart, trails with their result and the reset. */
export function CoachUserDetail({ userId }: { userId: number }) {
  const { t } = useTranslation(['coach', 'results', 'common']);
  const { data, isPending, isError } = useCoachUserTrails(userId);
  const reset = useCoachReset(userId);
  const [confirm, setConfirm] = useState<CoachTrail | null>(null);
  const [editing, setEditing] = useState(false);
  if (isPending) return <Spinner label={t('common:status.loading')} />;
  if (isError) return <p role="alert">{t('detail.error')}</p>;
  const { user, trails } = data;
  const name = personName(user, user.email ?? `#${user.id}`);

  const doReset = async () => {
    if (!confirm) return;
    try {
      await reset.mutateAsync(confirm.id);
      notify.success(t('reset.done', { trail: confirm.name, name }));
    } finally {
      setConfirm(null);
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="coach-user-detail">
      <div className="flex flex-wrap items-center gap-3">
        <Avatar url={user.avatar} name={name} alt="" size={48} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-xl font-bold">{name}</h2>
          {user.email && <p className="truncate text-sm text-slate-600">{user.email}</p>}
        </div>
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t('profile.edit')}
        </Button>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div className="rounded-xl bg-slate-50 p-2">
          <dt className="text-xs text-slate-600">{t('columns.xp')}</dt>
          <dd className="font-bold tabular-nums">{kFormatter(user.xp)}</dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-2">
          <dt className="text-xs text-slate-600">{t('columns.crowns')}</dt>
          <dd className="font-bold tabular-nums">{kFormatter(user.crowns)}</dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-2">
          <dt className="text-xs text-slate-600">{t('columns.completed')}</dt>
          <dd className="font-bold tabular-nums">
            {user.trails_completed} / {user.trails_assigned}
          </dd>
        </div>
      </dl>
      <ProgressChart trails={trails} />
      <h3 className="text-lg font-semibold">{t('detail.trails')}</h3>
      {trails.length === 0 ? (
        <p className="text-slate-600">{t('detail.noTrails')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {trails.map((tr) => (
            <li key={tr.id} className="rounded-xl bg-white p-3 ring-1 ring-slate-200" data-trail={tr.name}>
              <div className="flex flex-wrap items-center gap-2">
                <p className="min-w-0 flex-1 font-semibold">{tr.name}</p>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                  {t(`results:status.${tr.progress.status}`)}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {t('detail.progress', {
                  answered: tr.progress.answered,
                  total: tr.progress.total,
                  xp: tr.progress.xp,
                  xpTotal: tr.progress.xp_total,
                })}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => resultPanel.open({ trailId: tr.id, userId: user.id })}>
                  {t('detail.openResult', { trail: tr.name })}
                </Button>
                {tr.progress.answered > 0 && (
                  <Button variant="ghost" onClick={() => setConfirm(tr)}>
                    {t('reset.button', { trail: tr.name })}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={confirm !== null} title={t('reset.title')} alert onClose={() => setConfirm(null)}>
        <p>{t('reset.warning', { trail: confirm?.name ?? '', name })}</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void doReset()} disabled={reset.isPending}>
            {t('reset.confirm')}
          </Button>
        </div>
      </Dialog>
      {editing && (
        <CoachProfileDialog userId={user.id} profile={data.profile} user={user} onClose={() => setEditing(false)} />
      )}
    </div>
  );
}
