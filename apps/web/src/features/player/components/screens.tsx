import type { Trail } from '@cairn/shared/api/trails';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { http } from '../../../lib/http';
import { resultPanel } from '../../../lib/result-panel';
import { useLocalePath } from '../../../lib/use-locale';
import { useProfile } from '../../../lib/use-profile';
import { Button } from '../../../ui/Button';
import { PageHeading } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';

/** GET /api/me/exams or /api/me/surveys: the learner's trails of that type with their progress. */
function useMyTrails(kind: 'exams' | 'surveys') {
  return useQuery({
    queryKey: ['trails', 'me', kind],
    queryFn: ({ signal }) => http.get<{ data: Trail[] }>(`/api/me/${kind}`, { signal }).then((r) => r.data),
  });
}

function statusOf(trail: Trail): 'not_started' | 'in_progress' | 'completed' | 'passed' | 'failed' {
  const p = trail.progress;
  if (p.status !== 'completed' || p.trail_passed == null) return p.status;
  return p.trail_passed ? 'passed' : 'failed';
}

function TrailRows({ kind }: { kind: 'exams' | 'surveys' }) {
  const { t } = useTranslation(['player', 'results', 'common']);
  const localize = useLocalePath();
  const { data: user } = useProfile();
  const { data, isPending } = useMyTrails(kind);
  const headingId = `summary-${kind}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-bold">
        {t(`summary.${kind}`)}
      </h2>
      {isPending ? (
        <Spinner label={t('common:status.loading')} />
      ) : !data || data.length === 0 ? (
        <p className="text-slate-600">{t('summary.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {data.map((trail) => (
            <li
              key={trail.id}
              className="flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
            >
              <div className="min-w-0 flex-1">
                <Link to={localize(`/games/${trail.id}`)} className="font-semibold underline underline-offset-4">
                  {trail.name}
                </Link>
                <p className="text-sm text-slate-600">
                  {t(`results:status.${statusOf(trail)}`)} ·{' '}
                  {t('summary.progress', { percent: trail.progress.percent, xp: trail.progress.xp })}
                </p>
              </div>
              {user && trail.progress.status !== 'not_started' && (
                <Button variant="secondary" onClick={() => resultPanel.open({ trailId: trail.id, userId: user.id })}>
                  {t('summary.result', { name: trail.name })}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /summary: the learner's exams and surveys with their status and progress; each opens its result. */
export function SummaryScreen() {
  const { t } = useTranslation('player');
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <PageHeading title={t('summary.title')} />
      <TrailRows kind="exams" />
      <TrailRows kind="surveys" />
    </section>
  );
}

/** Where a public user lands after finishing or leaving a trail. */
export function ThankYouScreen() {
  const { t } = useTranslation('player');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{t('thankYou.title')}</h1>
      <p className="text-lg text-slate-600">{t('thankYou.body')}</p>
    </section>
  );
}
