import type { Trail } from '@cairn/shared/api/trails';
import { TRAIL_TYPES, type TrailType } from '@cairn/shared/minerals';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resultPanel } from '../../../lib/result-panel';
import { useLocalePath } from '../../../lib/use-locale';
import { useProfile } from '../../../lib/use-profile';
import { Button } from '../../../ui/Button';
import { PageHeading } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { useTrails } from '../../trails';

/**
 * The status a summary row shows: exams and battles end passed or failed, surveys and assessments (which have no
 * right answers to pass) end completed — the same rule as the trail result's summary (docs/results.md).
 */
export function summaryStatus(trail: Trail): 'not_started' | 'in_progress' | 'completed' | 'passed' | 'failed' {
  const p = trail.progress;
  if (p.status !== 'completed' || p.trail_passed == null) return p.status;
  if (trail.type === 'survey' || trail.type === 'assessment') return 'completed';
  return p.trail_passed ? 'passed' : 'failed';
}

function TrailRows({ type, trails }: { type: TrailType; trails: Trail[] }) {
  const { t } = useTranslation('results');
  const localize = useLocalePath();
  const { data: user } = useProfile();
  const headingId = `summary-${type}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-bold">
        {t(`summaryPage.types.${type}`)}
      </h2>
      <ul className="flex flex-col gap-2">
        {trails.map((trail) => (
          <li
            key={trail.id}
            className="flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
          >
            <div className="min-w-0 flex-1">
              <Link to={localize(`/games/${trail.id}`)} className="font-semibold underline underline-offset-4">
                {trail.name}
              </Link>
              <p className="text-sm text-slate-600">
                {t(`status.${summaryStatus(trail)}`)} ·{' '}
                {t('summaryPage.progress', { percent: trail.progress.percent, xp: trail.progress.xp })}
              </p>
            </div>
            {user && trail.progress.status !== 'not_started' && (
              <Button variant="secondary" onClick={() => resultPanel.open({ trailId: trail.id, userId: user.id })}>
                {t('summaryPage.result', { name: trail.name })}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /summary: the learner's trails of every type with their status and progress; each opens its result. */
export function SummaryScreen() {
  const { t } = useTranslation(['results', 'common']);
  const { data, isPending } = useTrails();
  const groups = TRAIL_TYPES.map((type) => ({ type, trails: (data ?? []).filter((tr) => tr.type === type) })).filter(
    (g) => g.trails.length > 0,
  );
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <PageHeading title={t('summaryPage.title')} />
      {isPending ? (
        <Spinner label={t('common:status.loading')} />
      ) : groups.length === 0 ? (
        <p className="text-slate-600">{t('summaryPage.none')}</p>
      ) : (
        groups.map((g) => <TrailRows key={g.type} type={g.type} trails={g.trails} />)
      )}
    </section>
  );
}
