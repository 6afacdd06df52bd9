import type { AdminTrail } from '@cairn/shared/api/admin-trails';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';
import { refreshTrails, trailsApi, useAdminTeams } from '../api';
import { type Person, PersonPicker } from './PersonPicker';

/**
 * Assign a published trail to people, teams (their members now) or everyone, with start and due days; or take it
 * away from the same people (Unassign). The assignees' Home shows it at once.
 */
export function AssignDialog({ trail, onClose }: { trail: AdminTrail; onClose: () => void }) {
  const { t } = useTranslation('admin-trails');
  const qc = useQueryClient();
  const { data: teams = [] } = useAdminTeams();
  const [everyone, setEveryone] = useState(false);
  const [teamIds, setTeamIds] = useState<number[]>([]);
  const [people, setPeople] = useState<Person[]>([]);
  const [startsOn, setStartsOn] = useState('');
  const [dueOn, setDueOn] = useState('');
  const [busy, setBusy] = useState(false);
  const nobody = !everyone && teamIds.length === 0 && people.length === 0;
  const badDates = !!startsOn && !!dueOn && dueOn < startsOn;
  const targets = { everyone, team_ids: teamIds, user_ids: people.map((p) => p.id) };

  const run = async (what: 'assign' | 'unassign') => {
    setBusy(true);
    try {
      const { data } =
        what === 'assign'
          ? await trailsApi.assign(trail.id, { ...targets, starts_on: startsOn || null, due_on: dueOn || null })
          : await trailsApi.unassign(trail.id, targets);
      notify.success(t(what === 'assign' ? 'assign.done' : 'assign.undone', { count: data.people }));
      await refreshTrails(qc);
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open title={t('assign.title', { name: trail.name })} onClose={onClose}>
      <div className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto">
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium text-slate-800">{t('assign.who')}</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" checked={everyone} onChange={(e) => setEveryone(e.target.checked)} />
            {t('assign.everyone')}
          </label>
          {teams.map((team) => (
            <label key={team.id} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={teamIds.includes(team.id)}
                onChange={(e) =>
                  setTeamIds(e.target.checked ? [...teamIds, team.id] : teamIds.filter((x) => x !== team.id))
                }
              />
              {t('assign.team', { name: team.name, count: team.members.length })}
            </label>
          ))}
        </fieldset>
        <PersonPicker chosen={people} onChange={setPeople} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField
            label={t('assign.startsOn')}
            type="date"
            value={startsOn}
            onChange={(e) => setStartsOn(e.target.value)}
          />
          <TextField
            label={t('assign.dueOn')}
            type="date"
            value={dueOn}
            min={startsOn || undefined}
            onChange={(e) => setDueOn(e.target.value)}
            error={badDates ? t('assign.dueBeforeStart') : undefined}
          />
        </div>
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button variant="secondary" disabled={nobody || busy} onClick={() => void run('unassign')}>
          {t('assign.unassign')}
        </Button>
        <Button disabled={nobody || badDates || busy} onClick={() => void run('assign')}>
          {t('assign.assign')}
        </Button>
      </div>
    </Dialog>
  );
}
