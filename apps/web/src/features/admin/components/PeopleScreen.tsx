import { ADMIN_ROLES, USER_STATES } from '@cairn/shared/api/admin';
import { SEARCH_MIN_CHARS } from '@cairn/shared/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../lib/use-debounced';
import { useProfile } from '../../../lib/use-profile';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { usePeople, useTeamOptions } from '../api';
import { ImportDialog } from './ImportDialog';
import { InviteDialog } from './InviteDialog';
import { PersonItem } from './PersonItem';
import { PrivacyPanel } from './PrivacyPanel';
import { SsoPanel } from './SsoPanel';

function Filter(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  all: string;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <select
        id={id}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        <option value="">{props.all}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** /admin/people: the customer's people, searched and filtered on the server, page by page; invite and import. */
export default function PeopleScreen() {
  const { t } = useTranslation(['admin', 'common']);
  const searchId = useId();
  const { data: me } = useProfile();
  const [typed, setTyped] = useState('');
  const [role, setRole] = useState('');
  const [state, setState] = useState('');
  const [team, setTeam] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<'invite' | 'import' | null>(null);
  const debounced = useDebounced(typed.trim());
  const search = debounced.length >= SEARCH_MIN_CHARS ? debounced : '';
  const people = usePeople({ page, search, role, state, team });
  const teams = useTeamOptions();
  const pages = people.data?.meta.pagination.total_pages ?? 1;
  const total = people.data?.meta.pagination.total ?? 0;
  const filter = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

  return (
    <section aria-labelledby="people-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="people-heading" className="text-xl font-semibold text-slate-900">
          {t('tabs.people')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog('invite')}>{t('people.invite')}</Button>
          <Button variant="secondary" onClick={() => setDialog('import')}>
            {t('people.import')}
          </Button>
        </div>
      </div>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            {t('people.search')}
          </label>
          <input
            id={searchId}
            type="search"
            maxLength={100}
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setPage(1);
            }}
            className="min-h-11 rounded-lg border border-slate-300 px-3 text-base"
          />
        </div>
        <Filter
          label={t('fields.role')}
          all={t('people.allRoles')}
          value={role}
          onChange={filter(setRole)}
          options={ADMIN_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
        <Filter
          label={t('people.state')}
          all={t('people.allStates')}
          value={state}
          onChange={filter(setState)}
          options={USER_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        />
        <Filter
          label={t('people.team')}
          all={t('people.allTeams')}
          value={team}
          onChange={filter(setTeam)}
          options={(teams.data ?? []).map((tm) => ({ value: String(tm.id), label: tm.name }))}
        />
      </div>
      <p role="status" className="mb-3 text-sm text-slate-600">
        {people.data ? t('people.count', { count: total }) : ''}
      </p>
      {people.isPending ? (
        <Spinner label={t('common:status.loading')} />
      ) : people.data && people.data.data.length > 0 ? (
        <ul aria-label={t('people.list')} className="flex flex-col gap-2">
          {people.data.data.map((p) => (
            <PersonItem key={p.id} person={p} self={p.id === me?.id} />
          ))}
        </ul>
      ) : (
        <EmptyState>{t('people.none')}</EmptyState>
      )}
      {pages > 1 && (
        <nav aria-label={t('people.pages')} className="mt-4 flex items-center justify-center gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('people.previous')}
          </Button>
          <span className="text-sm text-slate-700">{t('people.pageOf', { page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('people.next')}
          </Button>
        </nav>
      )}
      <SsoPanel />
      <PrivacyPanel />
      <InviteDialog open={dialog === 'invite'} onClose={() => setDialog(null)} />
      <ImportDialog open={dialog === 'import'} onClose={() => setDialog(null)} />
    </section>
  );
}
