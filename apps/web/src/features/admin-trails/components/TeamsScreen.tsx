import { type AdminTeam, TEAM_NAME_MAX } from '@cairn/shared/api/admin-trails';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { EmptyState } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { refreshTeams, teamsApi, useAdminTeams } from '../api';
import { type Person, PersonPicker } from './PersonPicker';

/** /admin/teams: teams are the chat's team discussions; their members and admin change here, live for them. */
export default function TeamsScreen() {
  const { t } = useTranslation(['admin-trails', 'common']);
  const qc = useQueryClient();
  const { data: teams, isPending } = useAdminTeams();
  const [name, setName] = useState('');
  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    await teamsApi.create({ name: name.trim() });
    setName('');
    notify.success(t('teams.created'));
    await refreshTeams(qc);
  };
  return (
    <section className="flex flex-col gap-6">
      <h2 className="text-xl font-semibold text-slate-900">{t('teams.title')}</h2>
      <form onSubmit={(e) => void create(e)} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          className="flex-1"
          label={t('teams.newName')}
          value={name}
          maxLength={TEAM_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" disabled={!name.trim()}>
          {t('teams.create')}
        </Button>
      </form>
      {isPending ? (
        <Spinner label={t('common:status.loading')} />
      ) : !teams?.length ? (
        <EmptyState>{t('teams.empty')}</EmptyState>
      ) : (
        <ul aria-label={t('teams.list')} className="flex flex-col gap-3">
          {teams.map((team) => (
            <TeamCard key={team.id} team={team} />
          ))}
        </ul>
      )}
    </section>
  );
}

function TeamCard({ team }: { team: AdminTeam }) {
  const { t } = useTranslation('admin-trails');
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<'rename' | 'add' | 'delete' | null>(null);
  const [name, setName] = useState(team.name);
  const [people, setPeople] = useState<Person[]>([]);
  const close = () => setDialog(null);
  const act = async (fn: () => Promise<unknown>, done: string) => {
    await fn();
    notify.success(done);
    close();
    await refreshTeams(qc);
  };
  const nameOf = (m: AdminTeam['members'][number]) =>
    [m.firstname, m.lastname].filter(Boolean).join(' ') || m.email || '';
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4" aria-labelledby={`team-${team.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`team-${team.id}`} className="text-base font-semibold text-slate-900">
          {team.name}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog('add')}>
            {t('teams.addPeople')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('rename')}>
            {t('teams.rename')}
          </Button>
          <Button variant="ghost" onClick={() => setDialog('delete')}>
            {t('teams.delete')}
          </Button>
        </div>
      </div>
      {team.members.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('teams.noMembers')}</p>
      ) : (
        <ul aria-label={t('teams.members', { name: team.name })} className="mt-3 divide-y divide-slate-100">
          {team.members.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{nameOf(m)}</span>{' '}
                <span className="break-all text-slate-600">{m.email}</span>{' '}
                {m.admin && (
                  <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent">
                    {t('teams.admin')}
                  </span>
                )}
              </span>
              <span className="flex gap-1">
                {!m.admin && (
                  <Button
                    variant="ghost"
                    aria-label={t('teams.makeAdminNamed', { name: nameOf(m) })}
                    onClick={() => void act(() => teamsApi.update(team.id, { admin_id: m.id }), t('teams.saved'))}
                  >
                    {t('teams.makeAdmin')}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  aria-label={t('teams.removeNamed', { name: nameOf(m) })}
                  onClick={() => void act(() => teamsApi.removeMember(team.id, m.id), t('teams.saved'))}
                >
                  {t('teams.remove')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={dialog === 'rename'} title={t('teams.renameTitle', { name: team.name })} onClose={close}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) void act(() => teamsApi.update(team.id, { name: name.trim() }), t('teams.saved'));
          }}
        >
          <TextField
            label={t('teams.name')}
            value={name}
            maxLength={TEAM_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
          />
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!name.trim()}>
              {t('teams.save')}
            </Button>
          </div>
        </form>
      </Dialog>
      <Dialog open={dialog === 'add'} title={t('teams.addTitle', { name: team.name })} onClose={close}>
        <PersonPicker chosen={people} onChange={setPeople} />
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>
            {t('cancel')}
          </Button>
          <Button
            disabled={people.length === 0}
            onClick={() =>
              void act(
                () =>
                  teamsApi
                    .addMembers(
                      team.id,
                      people.map((p) => p.id),
                    )
                    .then(() => setPeople([])),
                t('teams.saved'),
              )
            }
          >
            {t('teams.add')}
          </Button>
        </div>
      </Dialog>
      <Dialog open={dialog === 'delete'} title={t('teams.deleteTitle', { name: team.name })} onClose={close}>
        <p className="text-sm text-slate-700">{t('teams.deleteBody')}</p>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void act(() => teamsApi.remove(team.id), t('teams.deleted'))}>
            {t('teams.delete')}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
