import type { AnswerCheck } from '@cairn/shared/api/trails';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { PollReveal } from './PollReveal';

type T = (key: string, options?: Record<string, unknown>) => string;

/** A right answer in words: options together, in their order, or any one of the accepted values. */
export function rightAnswerText(r: AnswerCheck['right_answers'][number], tr: unknown): string {
  const t = tr as T;
  if (r.kind === 'sequence') return r.values.join(' → ');
  if (r.kind === 'value' && r.values.length > 1) return t('check.anyOf', { values: r.values.join(' / ') });
  return r.values.join(', ');
}

/** What the live region says of a check (WCAG 4.1.3): the verdict, what was earned, the right answer when wrong. */
export function checkAnnouncement(check: AnswerCheck, tr: unknown): string {
  const t = tr as T;
  const parts = [t(check.passed ? 'check.right' : 'check.wrong')];
  if (check.xp > 0) parts.push(t('check.xp', { xp: check.xp }));
  if (check.crowns > 0) parts.push(t('check.crowns', { crowns: check.crowns }));
  for (const r of check.right_answers) parts.push(`${t('check.rightAnswer')} (${r.title}) ${rightAnswerText(r, t)}`);
  // one sentence each, whatever punctuation the language ends its words with
  return parts.map((p) => (/[.!?。！？]$/.test(p) ? p : `${p}.`)).join(' ');
}

function VerdictIcon({ passed }: { passed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="size-7 shrink-0" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path
        d={passed ? 'M7 12.5l3.2 3.2L17 9' : 'M8 8l8 8M16 8l-8 8'}
        fill="none"
        stroke="white"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The check step after Next (docs/player.md): a green or red band (colour, icon and words), the right answer of each
 * question missed, the pebble's feedback, the xp and crowns earned — and on a shared poll, how the class answered.
 * Continue takes the focus first, so Enter moves on; the band rises into place unless motion is reduced.
 */
export function CheckStep({
  check,
  pollPoolId,
  last,
  onContinue,
}: {
  check: AnswerCheck | null;
  /** the shared poll the learner just answered, if any */
  pollPoolId: number | null;
  /** the answer finished the trail: Continue leads to the end screen */
  last: boolean;
  onContinue: () => void;
}) {
  const { t } = useTranslation('player');
  const titleId = useId();
  const continueRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    continueRef.current?.focus({ preventScroll: true });
  }, []);
  const passed = check?.passed ?? true;
  const tone = !check
    ? 'border-slate-300 bg-white'
    : passed
      ? 'border-green-700 bg-green-50 text-green-950'
      : 'border-red-700 bg-red-50 text-red-950';
  return (
    <section
      aria-labelledby={titleId}
      data-check={check ? (passed ? 'right' : 'wrong') : 'poll'}
      className={`fixed inset-x-0 bottom-0 z-30 max-h-[85dvh] overflow-y-auto border-t-4 shadow-2xl motion-safe:animate-[check-in_220ms_ease-out] ${tone}`}
    >
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-4 pt-4 pb-5">
        {check ? (
          <h2
            id={titleId}
            className={`flex items-center gap-2 text-xl font-bold ${passed ? 'text-green-800' : 'text-red-800'}`}
          >
            <VerdictIcon passed={passed} />
            <span>{t(passed ? 'check.right' : 'check.wrong')}</span>
          </h2>
        ) : (
          <h2 id={titleId} className="text-xl font-bold text-slate-900">
            {t('check.pollTitle')}
          </h2>
        )}
        {check && (check.xp > 0 || check.crowns > 0) && (
          <p className="flex flex-wrap gap-2 font-semibold">
            {check.xp > 0 && (
              <span className="rounded-full bg-white px-3 py-1 ring-1 ring-current/20">
                {t('check.xp', { xp: check.xp })}
              </span>
            )}
            {check.crowns > 0 && (
              <span className="rounded-full bg-white px-3 py-1 ring-1 ring-current/20">
                {t('check.crowns', { crowns: check.crowns })}
              </span>
            )}
          </p>
        )}
        {check && check.right_answers.length > 0 && (
          <div>
            <h3 className="font-semibold">{t('check.rightAnswer')}</h3>
            <ul className="mt-1 space-y-1">
              {check.right_answers.map((r) => (
                <li key={r.mineral_id}>
                  <span className="block text-sm break-words">{r.title}</span>
                  <strong className="block break-words">{rightAnswerText(r, t)}</strong>
                </li>
              ))}
            </ul>
          </div>
        )}
        {check?.feedback && <p className="whitespace-pre-line break-words text-slate-900">{check.feedback}</p>}
        {check && pollPoolId && <h3 className="font-semibold text-slate-900">{t('check.pollTitle')}</h3>}
        {pollPoolId && <PollReveal poolId={pollPoolId} />}
        <div className="flex justify-end">
          <Button ref={continueRef} onClick={onContinue} className="min-w-36 text-base">
            {t(last ? 'check.seeResult' : 'check.continue')}
          </Button>
        </div>
      </div>
    </section>
  );
}
