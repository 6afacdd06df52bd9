import type { Progress } from '@cairn/shared/api/trails';
import { attemptSeconds, clock } from '@cairn/shared/attempt';
import type { TrailType } from '@cairn/shared/minerals';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { Button, buttonClass } from '../../../ui/Button';
import { DimensionsChart, useTrailResult } from '../../results';
import { RewardsCarousel, rewardsUi, useRewards } from '../../rewards';
import { useTrail, useTrails } from '../../trails';
import { useCountUp } from '../count-up';
import { finishWords } from '../finish';
import { nextTrail } from '../next-trail';
import { CertificateCard, ResultPdfButton, Stat } from './FinishParts';

interface Props {
  trailId: number;
  trailName: string;
  trailType: TrailType;
  /** the progress the finishing answer returned */
  progress: Progress;
  passed: boolean;
  userId: number;
  learnerName: string;
  /** back to the trail's pebbles (the answers stay as given) */
  onReview: () => void;
  onResults: () => void;
}

// the crown glyph of games/Crown (the games feature imports battles, which imports the player: no import back)
const Crown = ({ className }: { className: string }) => (
  <svg viewBox="0 0 24 24" className={className} aria-hidden="true" fill="rgb(217 177 0)">
    <path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7z" stroke="rgb(120 90 0)" strokeWidth="1" strokeLinejoin="round" />
  </svg>
);
const Star = () => (
  <svg viewBox="0 0 24 24" className="size-7" aria-hidden="true">
    <path d="M12 2l3 6.6 7.2.8-5.4 4.9 1.5 7.1L12 17.8 5.7 21.4l1.5-7.1L1.8 9.4 9 8.6z" fill="currentColor" />
  </svg>
);
const Clock = () => (
  <svg viewBox="0 0 24 24" className="size-7" aria-hidden="true">
    <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
    <path d="M12 7v5.5l3.5 2" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
  </svg>
);
const Target = () => (
  <svg viewBox="0 0 24 24" className="size-7" aria-hidden="true">
    <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
    <circle cx="12" cy="12" r="4.5" fill="currentColor" />
  </svg>
);

/**
 * The end screen of a trail (docs/player.md, "End screen"), one screen instead of the stacked finish dialogs: the
 * verdict, score, xp and crowns counted up, the time spent, the rewards earned as the §4 carousel with its confetti,
 * the certificate with its download, the result PDF, the profile dimensions of an assessment, and what to do next.
 */
export function FinishScreen(props: Props) {
  const { trailId, trailName, trailType, progress, passed, userId } = props;
  const { t } = useTranslation(['player', 'results']);
  const localize = useLocalePath();
  const heading = useRef<HTMLHeadingElement>(null);
  const result = useTrailResult(userId, trailId).data;
  const trail = useTrail(trailId).data;
  const trails = useTrails().data;
  const rewards = useRewards().data;
  // this trail's rewards, in the order they were earned (as the §4 popup shows them)
  const earned = useMemo(
    () =>
      (rewards ?? [])
        .filter((r) => r.trail_id === trailId)
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id),
    [rewards, trailId],
  );
  const xp = useCountUp(progress.xp);
  const crowns = useCountUp(progress.crowns);
  const scored = trailType === 'exam' || trailType === 'battle';
  const words = finishWords(trailType, passed);
  const next = trails ? nextTrail(trails, trailId) : null;
  const seconds =
    result?.summary.duration.score ?? attemptSeconds(trail?.attempt?.started_at, trail?.attempt?.completed_at);

  // the end screen celebrates this trail's rewards itself: they do not pop up over it
  useEffect(() => {
    rewardsUi.hold(trailId);
    heading.current?.focus({ preventScroll: true });
    return () => rewardsUi.hold(null);
  }, [trailId]);
  useEffect(() => rewardsUi.seen(earned), [earned]);

  const title = scored
    ? passed
      ? 'end.passed'
      : 'end.notPassed'
    : trailType === 'survey'
      ? 'end.surveyDone'
      : 'end.assessmentDone';
  return (
    <section
      aria-labelledby="end-title"
      data-end-screen={trailType}
      className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 motion-safe:animate-[check-in_300ms_ease-out] sm:py-10"
    >
      <header className="flex flex-col items-center gap-2 text-center">
        <span
          aria-hidden="true"
          className={`flex size-16 items-center justify-center rounded-full ${scored && !passed ? 'bg-slate-200 text-slate-700' : 'bg-accent text-on-accent'}`}
        >
          <Crown className="size-9" />
        </span>
        <h1 id="end-title" ref={heading} tabIndex={-1} className="text-2xl font-extrabold sm:text-3xl">
          {t(title)}
        </h1>
        <p className="text-slate-700">{t(words.body, { name: trailName })}</p>
        {(!scored || !passed) && <p className="font-semibold text-slate-900">{t(words.verdict)}</p>}
      </header>

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {scored ? (
          <Stat
            icon={<Target />}
            label={t('end.score')}
            value={`${progress.passed}/${progress.total}`}
            spoken={t('end.scoreSpoken', { score: progress.passed, total: progress.total })}
          />
        ) : (
          <Stat
            icon={<Target />}
            label={t('end.answered')}
            value={`${progress.answered}/${progress.total}`}
            spoken={t('end.answeredSpoken', { answered: progress.answered, total: progress.total })}
          />
        )}
        <Stat icon={<Star />} label={t('end.xp')} value={xp} spoken={t('end.xpSpoken', { xp: progress.xp })} />
        <Stat
          icon={<Crown className="size-7" />}
          label={t('end.crowns')}
          value={`${crowns}/${progress.crowns_total}`}
          spoken={t('end.crownsSpoken', { crowns: progress.crowns, total: progress.crowns_total })}
        />
        <Stat
          icon={<Clock />}
          label={t('end.time')}
          value={clock(seconds)}
          spoken={t('end.timeSpoken', { time: clock(seconds) })}
        />
      </div>

      {earned.length > 0 && <RewardsCarousel rewards={earned} />}
      {result?.certificates.map((c) => (
        <CertificateCard key={c.id} certificate={c} learner={props.learnerName} trail={trailName} />
      ))}
      {trailType === 'assessment' && result?.player && result.player.dimensions.length > 0 && (
        <section aria-labelledby="end-dimensions" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <h2 id="end-dimensions" className="mb-3 text-lg font-bold">
            {t('end.dimensions')}
          </h2>
          <DimensionsChart dimensions={result.player.dimensions} />
        </section>
      )}

      <div className="flex flex-wrap justify-center gap-2">
        <ResultPdfButton trailId={trailId} userId={userId} pdf={result?.trail.pdf ?? null} />
        <Button variant="secondary" onClick={props.onResults}>
          {t('end.review')}
        </Button>
        <Button variant="ghost" onClick={props.onReview}>
          {t('end.stay')}
        </Button>
      </div>
      <nav aria-label={t('end.whatNext')} className="flex flex-col items-stretch gap-2 sm:flex-row sm:justify-center">
        {next && (
          <Link to={localize(`/player/${next.id}`)} className={buttonClass('primary', 'text-base')}>
            {t('end.nextTrail', { name: next.name })}
          </Link>
        )}
        <Link to={localize('/games')} className={buttonClass(next ? 'secondary' : 'primary', 'text-base')}>
          {t('end.toGames')}
        </Link>
      </nav>
    </section>
  );
}
