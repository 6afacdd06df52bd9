import type { Reward } from '@cairn/shared/api/results';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Confetti } from './Confetti';
import { CarouselNav, RewardImage, RewardText } from './RewardBody';

/**
 * §4 reward popup: a carousel of the new rewards with confetti for 3.5 s. Left/right arrows move, Escape or
 * Backspace closes. A native modal <dialog>: the browser traps focus and makes the page inert; focus returns
 * to where it was. While open it stays the top modal, so a prompt opened meanwhile (the player's finish
 * prompt) waits underneath until the celebration is closed. `preview` shows the rewards the learner can still earn
 * ("Preview the rewards you can earn" on /me) in the same carousel, without the celebration.
 */
export function RewardPopup({
  rewards,
  onClose,
  preview = false,
}: {
  rewards: Reward[];
  onClose: () => void;
  /** the rewards the learner can earn (none earned): titled so, no confetti, each says how it is earned */
  preview?: boolean;
}) {
  const { t } = useTranslation(['results', 'common']);
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [index, setIndex] = useState(0);
  const at = Math.min(index, rewards.length - 1);
  const reward = rewards[at];
  const closeFn = useRef(onClose);
  closeFn.current = onClose;

  /** The carousel wraps around: the arrows never run into a disabled end. */
  function move(step: number) {
    const n = rewards.length;
    setIndex((i) => (((Math.min(i, n - 1) + step) % n) + n) % n);
  }
  const moveFn = useRef(move);
  moveFn.current = move;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!el.open) el.showModal?.();
    closeRef.current?.focus();
    // another modal opened after this one would cover it: raise the popup back to the top
    const raise = new MutationObserver((records) => {
      if (records.some((r) => r.target !== el && (r.target as HTMLDialogElement).open) && el.open) {
        el.close();
        el.showModal?.();
        closeRef.current?.focus();
      }
    });
    raise.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
    // on the document: the keys keep working wherever focus sits while the popup is the top modal
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        e.preventDefault();
        moveFn.current(e.key === 'ArrowRight' ? 1 : -1);
      } else if (e.key === 'Escape' || e.key === 'Backspace') {
        e.preventDefault();
        closeFn.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      raise.disconnect();
      if (el.open) el.close();
      // back to the opener, or into the modal that waited underneath
      const waiting = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')].pop();
      const target = waiting?.querySelector<HTMLElement>('button, [href], input, select, textarea') ?? opener;
      target?.focus?.();
    };
  }, []);

  if (!reward) return null;
  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        closeFn.current();
      }}
      className="m-0 size-full max-h-none max-w-none bg-transparent p-0 backdrop:bg-slate-900/70"
    >
      {!preview && <Confetti />}
      <div className="flex size-full items-center justify-center p-4">
        <section
          aria-roledescription={t('rewards.popup.carousel')}
          aria-labelledby={titleId}
          className="relative flex h-[25rem] w-[20rem] max-w-full flex-col rounded-3xl bg-white p-5 text-slate-900 shadow-2xl lg:h-[28rem] lg:w-[26rem] xl:h-[35rem] xl:w-[55rem] xl:p-8"
        >
          <div className="flex items-start justify-between gap-2">
            <h2 id={titleId} className="text-xl font-bold xl:text-2xl">
              {t(preview ? 'rewards.preview.title' : 'rewards.popup.title')}
            </h2>
            <button
              ref={closeRef}
              type="button"
              onClick={() => closeFn.current()}
              aria-label={t('rewards.popup.close')}
              className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
            >
              <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: an APG carousel slide is a group, not a form fieldset */}
          <div
            key={reward.id}
            role="group"
            aria-roledescription={t('rewards.popup.slide')}
            aria-label={t('rewards.popup.position', { current: at + 1, total: rewards.length })}
            className="flex min-h-0 flex-1 flex-col items-center gap-3 overflow-y-auto py-3 text-center xl:flex-row xl:gap-8 xl:text-start"
          >
            <RewardImage reward={reward} className="size-24 lg:size-32 xl:size-40" />
            <RewardText reward={reward} />
          </div>
          <CarouselNav at={at} total={rewards.length} move={move} />
        </section>
      </div>
    </dialog>
  );
}
