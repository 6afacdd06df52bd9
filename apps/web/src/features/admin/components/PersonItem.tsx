import { ADMIN_ROLES, type AdminRole, type AdminUser } from '@cairn/shared/api/admin';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { useErasePerson, useResendInvitation, useUpdatePerson } from '../api';

const STATE_STYLE: Record<AdminUser['state'], string> = {
  active: 'bg-emerald-100 text-emerald-900',
  invited: 'bg-sky-100 text-sky-900',
  paused: 'bg-amber-100 text-amber-900',
  deactivated: 'bg-slate-200 text-slate-800',
};

export const displayName = (p: AdminUser) => [p.firstname, p.lastname].filter(Boolean).join(' ') || (p.email ?? '');

/** One person of the list: who they are, their role and state, and what the admin can do about them. */
export function PersonItem({ person, self }: { person: AdminUser; self: boolean }) {
  const { t } = useTranslation(['admin', 'common']);
  const roleId = useId();
  const update = useUpdatePerson();
  const resend = useResendInvitation();
  const erase = useErasePerson();
  const [confirm, setConfirm] = useState(false);
  const name = displayName(person);
  const busy = update.isPending || resend.isPending || erase.isPending;

  const change = async (body: { role?: AdminRole; state?: 'active' | 'paused' | 'deactivated' }, done: string) => {
    await update.mutateAsync({ id: person.id, body });
    notify.success(done);
  };

  return (
    <li className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 lg:flex-row lg:items-center">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{name}</p>
        <p className="truncate text-sm text-slate-600">{person.email}</p>
        <p className="mt-1 flex flex-wrap gap-1 text-xs">
          <span className={`rounded-full px-2 py-0.5 font-semibold ${STATE_STYLE[person.state]}`}>
            {t(`states.${person.state}`)}
          </span>
          {person.teams.map((team) => (
            <span key={team.id} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
              {team.name}
            </span>
          ))}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={roleId} className="sr-only">
          {t('people.roleOf', { name })}
        </label>
        <select
          id={roleId}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm"
          value={person.role}
          disabled={busy || self}
          onChange={(e) => void change({ role: e.target.value as AdminRole }, t('people.roleChanged', { name }))}
        >
          {ADMIN_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </select>
        {person.state === 'invited' && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void resend.mutateAsync(person.id).then(() => notify.success(t('people.resent', { name })))}
          >
            {t('people.resend')}
          </Button>
        )}
        {person.state === 'active' && !self && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void change({ state: 'paused' }, t('people.pausedDone', { name }))}
          >
            {t('people.pause')}
          </Button>
        )}
        {(person.state === 'paused' || person.state === 'deactivated') && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void change({ state: 'active' }, t('people.reactivated', { name }))}
          >
            {t('people.reactivate')}
          </Button>
        )}
        {person.state !== 'deactivated' && !self && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void change({ state: 'deactivated' }, t('people.deactivatedDone', { name }))}
          >
            {t('people.deactivate')}
          </Button>
        )}
        {!self && (
          <Button variant="ghost" className="text-red-700" disabled={busy} onClick={() => setConfirm(true)}>
            {t('people.erase')}
          </Button>
        )}
      </div>
      <Dialog open={confirm} alert title={t('erase.title', { name })} onClose={() => setConfirm(false)}>
        <p className="text-sm text-slate-700">{t('erase.removed')}</p>
        <p className="mt-2 text-sm text-slate-700">{t('erase.kept')}</p>
        <p className="mt-2 text-sm font-semibold text-slate-900">{t('erase.final')}</p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirm(false)}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            className="!bg-red-700 !text-white"
            disabled={erase.isPending}
            onClick={() =>
              void erase.mutateAsync(person.id).then(() => {
                setConfirm(false);
                notify.success(t('erase.done', { name }));
              })
            }
          >
            {t('erase.confirm')}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
