import type { BattleReveal as Reveal } from '@cairn/shared/api/battles';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { shortName } from '../store';

type Verdict = 'right' | 'wrong' | 'late';
const verdictOf = (side: Reveal['mine']): Verdict => (side.late ? 'late' : side.passed ? 'right' : 'wrong');
const BAND: Record<Verdict, string> = {
  right: 'bg-green-50 text-green-900 ring-green-700',
  wrong: 'bg-red-50 text-red-900 ring-red-700',
  late: 'bg-amber-50 text-amber-950 ring-amber-700',
};
const ICON: Record<Verdict, string> = { right: '✓', wrong: '✗', late: '⏱' };

/** What a side answered, or that it answered nothing that shows as text. */
function Answered({ answers }: { answers: string[] }) {
  const { t } = useTranslation('battles');
  return <span className="font-semibold">{answers.length > 0 ? answers.join('; ') : t('reveal.nothing')}</span>;
}

/**
 * The reveal after a battle question (docs/battles.md): a band in colour, icon and words; the viewer's answer, the
 * right one and the pebble's feedback; the opponent's answer once they have answered too (it arrives live).
 * Continue is focused first, so Enter moves on; the band is announced.
 */
export function BattleReveal({
  reveal,
  opponentName,
  last,
  onContinue,
}: {
  reveal: Reveal;
  opponentName: string;
  last: boolean;
  onContinue: () => void;
}) {
  const { t } = useTranslation('battles');
  const verdict = verdictOf(reveal.mine);
  const them = reveal.opponent;
  const name = shortName(opponentName);
  return (
    <section
      aria-labelledby="battle-reveal-title"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="battle-reveal-title" className="sr-only">
        {t('reveal.title', { name: reveal.name })}
      </h2>
      <div
        role="status"
        className={`flex items-center gap-3 rounded-xl p-3 ring-2 ${BAND[verdict]}`}
        data-verdict={verdict}
      >
        <span aria-hidden="true" className="text-2xl font-bold">
          {ICON[verdict]}
        </span>
        <p className="text-lg font-bold">{t(`reveal.${verdict}`)}</p>
        <p className="ms-auto text-base font-bold tabular-nums">
          {t('reveal.points', { count: reveal.mine.points })}
          {reveal.mine.speed_points > 0 && (
            <span className="block text-xs font-semibold">
              {t('reveal.speed', { count: reveal.mine.speed_points })}
            </span>
          )}
        </p>
      </div>
      <dl className="grid gap-2 text-slate-800">
        <div>
          <dt className="text-sm text-slate-600">{t('reveal.yours')}</dt>
          <dd>
            <Answered answers={reveal.mine.answers} />
          </dd>
        </div>
        {reveal.correct.length > 0 && (
          <div>
            <dt className="text-sm text-slate-600">{t('reveal.correct')}</dt>
            <dd className="font-semibold">{reveal.correct.join('; ')}</dd>
          </div>
        )}
        {reveal.feedback && (
          <div>
            <dt className="text-sm text-slate-600">{t('reveal.feedback')}</dt>
            <dd>{reveal.feedback}</dd>
          </div>
        )}
      </dl>
      <div aria-live="polite" className="rounded-xl bg-slate-50 p-3 text-slate-800" data-testid="opponent-answer">
        {them ? (
          <p>
            {t('reveal.theirs', { name })} <Answered answers={them.answers} />{' '}
            <span className={them.passed && !them.late ? 'text-green-800' : 'text-red-800'}>
              ({t(`reveal.${verdictOf(them)}`)}, {t('reveal.points', { count: them.points })})
            </span>
          </p>
        ) : (
          <p>{t('reveal.waiting', { name })}</p>
        )}
      </div>
      <Button autoFocus onClick={onContinue} className="self-end">
        {last ? t('reveal.finish') : t('reveal.continue')}
      </Button>
    </section>
  );
}
