import type { Reward } from '@cairn/shared/api/results';
import { IMAGE_SIZES, imageUrl } from '@cairn/shared/media';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';

/** The round arrow button of the reward carousels (the popup's and the end screen's). */
const navButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-slate-900 shadow ring-1 ring-slate-200 hover:bg-slate-100';

/** The arrow drawn inside `navButton`; `back` points left. */
function Chevron({ back }: { back?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        d={back ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The reward carousels' row under the slide: previous, the position (said politely), next; both arrows wrap around. */
export function CarouselNav({ at, total, move }: { at: number; total: number; move: (step: number) => void }) {
  const { t } = useTranslation('results');
  return (
    <div className="flex items-center justify-between gap-2">
      <button type="button" className={navButton} aria-label={t('rewards.popup.previous')} onClick={() => move(-1)}>
        <Chevron back />
      </button>
      <p aria-live="polite" className="text-sm font-semibold text-slate-700">
        {t('rewards.popup.position', { current: at + 1, total })}
      </p>
      <button type="button" className={navButton} aria-label={t('rewards.popup.next')} onClick={() => move(1)}>
        <Chevron />
      </button>
    </div>
  );
}

/** A reward's date in the reader's locale (the server's readable_achieved_at is English only). */
export function useRewardDate(iso: string): string {
  const locale = useLocale();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long' }).format(date);
}

/** The reward's picture (160 cover, §7) or a medal drawn in the accent colour. */
export function RewardImage({ reward, className = '' }: { reward: Reward; className?: string }) {
  if (reward.media?.url) {
    return (
      <img
        src={imageUrl(reward.media.url, IMAGE_SIZES.reward)}
        alt=""
        width={160}
        height={160}
        className={`shrink-0 rounded-2xl bg-slate-100 object-cover ${className}`}
      />
    );
  }
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={`shrink-0 text-accent ${className}`}>
      <path d="M22 4h20l-6 20H28z" fill="currentColor" opacity="0.6" />
      <circle cx="32" cy="40" r="18" fill="currentColor" />
      <path
        d="M32 29l3.4 6.9 7.6 1.1-5.5 5.4 1.3 7.6-6.8-3.6-6.8 3.6 1.3-7.6-5.5-5.4 7.6-1.1z"
        fill="white"
        opacity="0.9"
      />
    </svg>
  );
}

export function LatestBadge() {
  const { t } = useTranslation('results');
  return (
    <span className="inline-flex items-center rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-on-accent">
      {t('rewards.latest')}
    </span>
  );
}

/** A reward not earned yet (the preview): says so, and how it is earned, instead of when it was achieved. */
function NotEarned({ preview }: { preview: NonNullable<Reward['preview']> }) {
  const { t } = useTranslation('results');
  return (
    <>
      <p>
        <span className="inline-flex items-center rounded-full bg-slate-200 px-2 py-0.5 text-xs font-bold text-slate-800">
          {t('rewards.preview.notEarned')}
        </span>
      </p>
      <p className="text-sm font-semibold text-slate-800">
        {t(`rewards.preview.how.${preview.on}`, { trail: preview.trail, value: preview.value ?? '' })}
      </p>
    </>
  );
}

/** Title, subtitle, xp (only above 0, §3), prize, description and date of a reward (or, previewed, how to earn it). */
export function RewardText({ reward, headingLevel = 3 }: { reward: Reward; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('results');
  const earnedOn = useRewardDate(reward.created_at);
  const date = reward.preview ? '' : earnedOn;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <Heading className="text-lg font-bold text-slate-900">{reward.title}</Heading>
        {reward.latest && !reward.preview && <LatestBadge />}
      </div>
      {reward.subtitle && <p className="text-slate-700">{reward.subtitle}</p>}
      {reward.experience > 0 && (
        <p className="font-semibold text-slate-900">{t('rewards.xp', { xp: reward.experience })}</p>
      )}
      {reward.prize_title && (
        <p className="text-slate-700">
          <span className="font-semibold">{t('rewards.prize')}</span> {reward.prize_title}
          {reward.prize_description ? ` — ${reward.prize_description}` : ''}
        </p>
      )}
      {reward.description && <p className="text-sm text-slate-600">{reward.description}</p>}
      {date && <p className="text-sm text-slate-600">{t('rewards.achievedOn', { date })}</p>}
      {reward.preview && <NotEarned preview={reward.preview} />}
    </div>
  );
}
