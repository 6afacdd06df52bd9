import type { Reward } from '@cairn/shared/api/results';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Confetti } from './Confetti';
import { CarouselNav, RewardImage, RewardText } from './RewardBody';

/**
 * The rewards just earned, as the §4 carousel inside a page (the player's end screen) rather than a popup: the same
 * slides, arrows that wrap around, the position said politely, and confetti for 3.5 s (none under reduced motion).
 */
export function RewardsCarousel({ rewards, celebrate = true }: { rewards: Reward[]; celebrate?: boolean }) {
  const { t } = useTranslation('results');
  const titleId = useId();
  const [index, setIndex] = useState(0);
  const at = Math.min(index, rewards.length - 1);
  const reward = rewards[at];
  if (!reward) return null;
  const move = (step: number) =>
    setIndex((i) => (((Math.min(i, rewards.length - 1) + step) % rewards.length) + rewards.length) % rewards.length);
  return (
    <section
      aria-roledescription={t('rewards.popup.carousel')}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
    >
      {celebrate && <Confetti />}
      <h2 id={titleId} className="text-lg font-bold">
        {t('rewards.popup.title')}
      </h2>
      {/* biome-ignore lint/a11y/useSemanticElements: an APG carousel slide is a group, not a form fieldset */}
      <div
        key={reward.id}
        role="group"
        aria-roledescription={t('rewards.popup.slide')}
        aria-label={t('rewards.popup.position', { current: at + 1, total: rewards.length })}
        className="flex flex-col items-center gap-3 text-center sm:flex-row sm:text-start"
        data-reward-id={reward.id}
      >
        <RewardImage reward={reward} className="size-24" />
        <RewardText reward={reward} />
      </div>
      {rewards.length > 1 && <CarouselNav at={at} total={rewards.length} move={move} />}
    </section>
  );
}
