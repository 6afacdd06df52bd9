import { kFormatter, SEARCH_MIN_CHARS } from '@cairn/shared/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDebounced } from '../../../lib/use-debounced';
import { useLocalePath } from '../../../lib/use-locale';
import { useProfile } from '../../../lib/use-profile';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { EmptyScreen, PageHeading } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { canSeeResults } from '../../account';
import { personName, TrailFilter } from '../../dashboards';
import { useCoachUsers, useCustomerTrails } from '../api';
import { CoachUserDetail } from './CoachUserDetail';

/** The search runs when the box is empty or holds at least 2 characters (§8), 1 s after the last key. */
function useCoachSearch(text: string): string | null {
  const query = useDebounced(text.trim());
  return query.length === 0 || query.length >= SEARCH_MIN_CHARS ? query : null;
}

/**
 * /coach: the Results entry of role levels above 400 (§6). Anyone else gets an empty screen and no request is made
 * (the coach routes answer them 403, which the client would treat as a lost session).
 */
export default function CoachScreen() {
  const { t } = useTranslation(['coach', 'common']);
  const { data: user } = useProfile();
  if (!user) return <Spinner label={t('common:status.loading')} />;
  if (!canSeeResults(user)) return <EmptyScreen title={t('title')} empty={t('notCoach')} />;
  return <CoachView />;
}

/** The customer's learners, searchable, each with their trails and results. */
function CoachView() {
  const { t } = useTranslation(['coach', 'common']);
  const [params, setParams] = useSearchParams();
  const localize = useLocalePath();
  const selected = Number(params.get('user')) || null;
  const [text, setText] = useState('');
  const [trailId, setTrailId] = useState<number | null>(null);
  const query = useCoachSearch(text);
  const users = useCoachUsers(query ?? '', trailId);
  const trails = useCustomerTrails().data ?? [];
  const searchId = useId();
  const list = users.data?.pages.flatMap((p) => p.data) ?? [];
  const total = users.data?.pages[0]?.meta.pagination.total ?? 0;
  const select = (id: number | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id === null) next.delete('user');
      else next.set('user', String(id));
      return next;
    });

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <PageHeading title={t('title')} />
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <div className={`flex flex-col gap-3 ${selected ? 'hidden lg:flex' : ''}`}>
          <div className="flex flex-col gap-1">
            <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
              {t('search.label')}
            </label>
            <input
              id={searchId}
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('search.placeholder')}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2"
              aria-describedby={`${searchId}-hint`}
            />
            <p id={`${searchId}-hint`} className="text-xs text-slate-600">
              {query === null ? t('search.tooShort', { count: SEARCH_MIN_CHARS }) : t('search.count', { count: total })}
            </p>
          </div>
          <TrailFilter
            label={t('filter.trail')}
            allLabel={t('filter.allTrails')}
            trails={trails}
            value={trailId}
            onChange={setTrailId}
          />
          {trailId !== null && (
            <Link to={localize(`/coach/insight/${trailId}`)} className="text-sm font-medium underline">
              {t('insightLink')}
            </Link>
          )}
          {users.isPending ? (
            <Spinner label={t('common:status.loading')} />
          ) : list.length === 0 ? (
            <p className="text-slate-600">{t('empty')}</p>
          ) : (
            <ul className="flex flex-col gap-1" aria-label={t('listLabel')}>
              {list.map((u) => {
                const name = personName(u, u.email ?? `#${u.id}`);
                return (
                  <li key={u.id}>
                    <button
                      type="button"
                      onClick={() => select(u.id)}
                      aria-current={u.id === selected ? 'true' : undefined}
                      className={`flex w-full items-center gap-3 rounded-xl p-2 text-left hover:bg-slate-100 ${
                        u.id === selected ? 'bg-amber-50 ring-1 ring-amber-300' : 'bg-white ring-1 ring-slate-200'
                      }`}
                    >
                      <Avatar url={u.avatar} name={name} alt="" size={40} />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-semibold">{name}</span>
                        <span className="block truncate text-xs text-slate-600">
                          {t('row', {
                            xp: kFormatter(u.xp),
                            completed: u.trails_completed,
                            assigned: u.trails_assigned,
                          })}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          {users.hasNextPage && (
            <Button variant="secondary" onClick={() => void users.fetchNextPage()} disabled={users.isFetchingNextPage}>
              {t('more')}
            </Button>
          )}
        </div>
        <div className={selected ? '' : 'hidden lg:block'}>
          {selected ? (
            <>
              <Button variant="ghost" className="mb-2 lg:hidden" onClick={() => select(null)}>
                {t('back')}
              </Button>
              <CoachUserDetail userId={selected} />
            </>
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
              {t('pick')}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
