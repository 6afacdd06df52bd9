import type { Trail } from '@cairn/shared/api/trails';
import { thumbnail } from '@cairn/shared/media';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { resultPanel } from '../../../lib/result-panel';
import { useSession } from '../../../lib/session';
import { useLocale, useLocalePath } from '../../../lib/use-locale';
import { useProfile } from '../../../lib/use-profile';
import { Button, buttonClass } from '../../../ui/Button';
import { EmptyState } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { TrailBattles } from '../../battles';
import { OfflineToggle } from '../../offline';
import { hasStarted, useTrail } from '../../trails';
import { gradientCss } from '../gradients';
import { Crown } from './Crown';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

function useDuration(trail: Trail): string {
  const { t } = useTranslation('games');
  const d = trail.duration;
  const hours = d.days * 24 + d.hours;
  const minutes = d.minutes + (d.seconds >= 30 ? 1 : 0);
  return hours > 0 ? t('detail.hours', { hours, minutes }) : t('detail.minutes', { minutes: Math.max(minutes, 1) });
}

/** /games/{id}: coach, achievements, duration, difficulty and the way into the player. */
export default function GameDetailScreen() {
  const { t } = useTranslation(['games', 'common']);
  const id = Number(useParams().id);
  const localize = useLocalePath();
  const { trailId } = useSession();
  const { data: trail, isPending, isError } = useTrail(id);

  if (isPending) return <Spinner label={t('common:status.loading')} />;
  if (isError)
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8">
        <EmptyState>{t('detail.empty')}</EmptyState>
      </section>
    );
  return (
    <Detail
      trail={trail}
      isPublic={trailId !== null}
      back={localize('/games')}
      play={localize(`/player/${trail.id}`)}
    />
  );
}

function Detail({ trail, isPublic, back, play }: { trail: Trail; isPublic: boolean; back: string; play: string }) {
  const { t } = useTranslation('games');
  const duration = useDuration(trail);
  const locale = useLocale();
  const localize = useLocalePath();
  const contenders = localize(`/games/contender/${trail.id}`);
  // assignment days are UTC calendar days: shown as that day, whatever the viewer's zone
  const day = (d: string) =>
    new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${d}T00:00:00Z`),
    );
  const today = new Date().toISOString().slice(0, 10);
  const notYet = trail.starts_on && trail.starts_on > today ? trail.starts_on : null;
  const xp = trail.achievements.find((a) => a.type === 'xp') ?? {
    score: trail.progress.xp,
    total: trail.progress.xp_total,
  };
  const rewards = trail.achievements.find((a) => a.type === 'reward');
  const coach = trail.coach && [trail.coach.firstname, trail.coach.lastname].filter(Boolean).join(' ');
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-8">
      {!isPublic && (
        <Link
          to={back}
          className="mb-4 inline-flex min-h-11 items-center text-sm font-semibold text-slate-700 underline"
        >
          {t('detail.back')}
        </Link>
      )}
      <header
        className="flex flex-col gap-3 rounded-2xl p-6 text-white shadow-md"
        style={{ backgroundImage: gradientCss(trail.style.gradient) }}
      >
        <div className="flex items-center gap-4">
          {trail.icon && (
            <img {...thumbnail(trail.icon.url, 64)} alt="" className="size-16 rounded-2xl bg-white/20 object-cover" />
          )}
          <div>
            <p className="text-xs font-semibold tracking-wide uppercase opacity-90">{t(`types.${trail.type}`)}</p>
            <h1 className="text-2xl font-bold sm:text-3xl">{trail.name}</h1>
          </div>
        </div>
        {trail.description && <p className="opacity-95">{trail.description}</p>}
      </header>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label={t('detail.coach')}>{coach || t('detail.noCoach')}</Fact>
        <Fact label={t('detail.xp')}>{t('detail.scoreOf', { score: xp.score, total: xp.total })}</Fact>
        {rewards && (
          <Fact label={t('detail.rewards')}>{t('detail.scoreOf', { score: rewards.score, total: rewards.total })}</Fact>
        )}
        <Fact label={t('detail.crowns')}>
          <span className="inline-flex items-center gap-1">
            <Crown className="size-5" />
            {t('detail.scoreOf', { score: trail.progress.crowns, total: trail.progress.crowns_total })}
          </span>
        </Fact>
        <Fact label={t('detail.duration')}>{duration}</Fact>
        <Fact label={t('detail.difficulty')}>{t(`difficulty.${trail.difficulty}`)}</Fact>
        <Fact label={t('detail.progress')}>{t('card.percent', { percent: trail.progress.percent })}</Fact>
        {trail.starts_on && <Fact label={t('detail.startsOn')}>{day(trail.starts_on)}</Fact>}
        {trail.due_on && <Fact label={t('detail.dueOn')}>{day(trail.due_on)}</Fact>}
      </dl>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {notYet ? (
          <p role="status" className="rounded-xl bg-slate-100 px-4 py-3 text-slate-800">
            {t('detail.notYet', { date: day(notYet) })}
          </p>
        ) : (
          <>
            {!isPublic && trail.type === 'battle' && (
              <Link to={contenders} className={buttonClass('primary', 'min-w-48 text-base')}>
                {t('detail.challenge')}
              </Link>
            )}
            <Link
              to={play}
              className={buttonClass(
                trail.type === 'battle' && !isPublic ? 'secondary' : 'primary',
                'min-w-48 text-base',
              )}
            >
              {hasStarted(trail) ? t('detail.continue') : t('detail.start')}
            </Link>
          </>
        )}
        {!isPublic && hasStarted(trail) && <ResultsButton trailId={trail.id} />}
      </div>
      {!isPublic && (
        <div className="mt-6 flex justify-center">
          <OfflineToggle trailId={trail.id} battle={trail.type === 'battle'} />
        </div>
      )}
      {!isPublic && trail.type === 'battle' && <TrailBattles trailId={trail.id} />}
    </section>
  );
}

/** Opens the trail result panel (features/results) over the detail. */
function ResultsButton({ trailId }: { trailId: number }) {
  const { t } = useTranslation('results');
  const { data: user } = useProfile();
  if (!user) return null;
  return (
    <Button
      variant="secondary"
      className="min-w-48 text-base"
      onClick={() => resultPanel.open({ trailId, userId: user.id })}
    >
      {t('panel.open')}
    </Button>
  );
}
