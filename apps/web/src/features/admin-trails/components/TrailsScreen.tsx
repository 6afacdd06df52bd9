import type { AdminTrail } from '@cairn/shared/api/admin-trails';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { saveFile } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useLocalePath } from '../../../lib/use-locale';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { refreshTrails, trailsApi, useAdminTrails } from '../api';
import { AssignDialog } from './AssignDialog';
import { UploadPanel } from './UploadPanel';

const BADGE: Record<AdminTrail['state'], string> = {
  draft: 'bg-amber-100 text-amber-900',
  published: 'bg-emerald-100 text-emerald-900',
  retired: 'bg-slate-200 text-slate-800',
};

/** /admin/trails: upload packages, preview and publish drafts, assign, share, export and retire trails. */
export default function TrailsScreen() {
  const { t } = useTranslation(['admin-trails', 'common']);
  const { data: trails, isPending } = useAdminTrails();
  const [assigning, setAssigning] = useState<AdminTrail | null>(null);
  return (
    <section className="flex flex-col gap-6">
      <h2 className="text-xl font-semibold text-slate-900">{t('trails.title')}</h2>
      <UploadPanel />
      {isPending ? (
        <Spinner label={t('common:status.loading')} />
      ) : !trails?.length ? (
        <EmptyState>{t('trails.empty')}</EmptyState>
      ) : (
        <ul aria-label={t('trails.list')} className="flex flex-col gap-3">
          {trails.map((trail) => (
            <TrailRow key={trail.id} trail={trail} onAssign={() => setAssigning(trail)} />
          ))}
        </ul>
      )}
      {assigning && <AssignDialog trail={assigning} onClose={() => setAssigning(null)} />}
    </section>
  );
}

function TrailRow({ trail, onAssign }: { trail: AdminTrail; onAssign: () => void }) {
  const { t } = useTranslation('admin-trails');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const [confirm, setConfirm] = useState<'publish' | 'retire' | null>(null);
  const act = async (fn: () => Promise<unknown>, done?: string) => {
    await fn();
    if (done) notify.success(done);
    await refreshTrails(qc);
  };
  const preview = async () => {
    await trailsApi.preview(trail.id);
    navigate(localize(`/games/${trail.id}`));
  };
  const exportFile = async () => {
    const file = await trailsApi.exportFile(trail.id);
    saveFile(file.blob, file.name ?? `trail-${trail.id}.yaml`);
  };
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4" aria-labelledby={`trail-${trail.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`trail-${trail.id}`} className="text-base font-semibold text-slate-900">
          {trail.name}
        </h3>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[trail.state]}`}>
          {t(`state.${trail.state}`)}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {t(`type.${trail.type}`, { defaultValue: trail.type })} · {t('trails.pebbles', { count: trail.pebbles })} ·{' '}
        {t('trails.assigned', { count: trail.assigned })}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {trail.state === 'draft' && (
          <>
            <Button variant="secondary" onClick={() => void preview()}>
              {t('actions.preview')}
            </Button>
            <Button onClick={() => setConfirm('publish')}>{t('actions.publish')}</Button>
          </>
        )}
        {trail.state === 'published' && (
          <>
            <Button onClick={onAssign}>{t('actions.assign')}</Button>
            <Button variant="secondary" onClick={() => void act(() => trailsApi.link(trail.id), t('links.created'))}>
              {t('actions.link')}
            </Button>
          </>
        )}
        <Button variant="secondary" onClick={() => void exportFile()}>
          {t('actions.export')}
        </Button>
        {trail.state !== 'retired' && (
          <Button variant="ghost" onClick={() => setConfirm('retire')}>
            {t('actions.retire')}
          </Button>
        )}
      </div>
      {trail.links.length > 0 && (
        <ul aria-label={t('links.list', { name: trail.name })} className="mt-3 flex flex-col gap-2">
          {trail.links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center gap-2 text-sm">
              <input
                readOnly
                aria-label={t('links.url')}
                value={`${origin}${link.url}`}
                onFocus={(e) => e.currentTarget.select()}
                className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-xs"
              />
              <Button
                variant="ghost"
                onClick={() => void act(() => trailsApi.revoke(trail.id, link.id), t('links.revoked'))}
              >
                {t('links.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={confirm !== null}
        title={t(`confirm.${confirm ?? 'publish'}.title`, { name: trail.name })}
        onClose={() => setConfirm(null)}
      >
        <p className="text-sm text-slate-700">{t(`confirm.${confirm ?? 'publish'}.body`)}</p>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="ghost" onClick={() => setConfirm(null)}>
            {t('cancel')}
          </Button>
          <Button
            onClick={() => {
              const what = confirm;
              setConfirm(null);
              if (what === 'publish') void act(() => trailsApi.publish(trail.id), t('confirm.publish.done'));
              if (what === 'retire') void act(() => trailsApi.retire(trail.id), t('confirm.retire.done'));
            }}
          >
            {t(`actions.${confirm ?? 'publish'}`)}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
