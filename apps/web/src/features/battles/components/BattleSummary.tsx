import type { Battle } from '@cairn/shared/api/battles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { Avatar } from '../../../ui/Avatar';
import { buttonClass } from '../../../ui/Button';
import { shortName } from '../api';

export type Outcome = 'won' | 'lost' | 'draw';

/** The viewer's side, the opponent's, and the outcome once finished. */
export function sidesOf(b: Battle) {
  const me = b.me === 'challenger' ? b.challenger : b.contender;
  const opponent = b.me === 'challenger' ? b.contender : b.challenger;
  const outcome: Outcome | null =
    b.status !== 'finished' ? null : b.winner_id === null ? 'draw' : b.winner_id === me.id ? 'won' : 'lost';
  return { me, opponent, outcome };
}

function Mark({ passed, label }: { passed: boolean | null; label: string }) {
  const { t } = useTranslation('battles');
  const text = passed === null ? t('summary.unanswered') : passed ? t('summary.passed') : t('summary.failed');
  return (
    <span
      role="img"
      aria-label={`${label}: ${text}`}
      className={`inline-flex size-7 items-center justify-center rounded-full text-sm font-bold ${
        passed === null ? 'bg-slate-200 text-slate-700' : passed ? 'bg-green-700 text-white' : 'bg-red-700 text-white'
      }`}
    >
      {passed === null ? '–' : passed ? '✓' : '✗'}
    </span>
  );
}

/** A side of the scoreboard: avatar, short name, points and pebbles answered. */
export function Side({ side, total, size = 72 }: { side: Battle['challenger']; total: number; size?: number }) {
  const { t } = useTranslation('battles');
  return (
    <div className="flex min-w-0 flex-1 flex-col items-center gap-1 text-center">
      <Avatar url={side.avatar} name={side.name} alt="" size={size} />
      <span className="max-w-full truncate font-semibold" title={side.name}>
        {shortName(side.name)}
      </span>
      <span className="text-2xl font-bold tabular-nums">{t('score.points', { count: side.score })}</span>
      <span className="text-sm text-slate-600">{t('score.answered', { answered: side.answered, total })}</span>
    </div>
  );
}

/**
 * The battle summary (§2 /player-battle, battle result panel): who won, both scores and, per question, whether
 * each side passed. An unfinished battle says so and links back to it.
 */
export function BattleSummary({ battle }: { battle: Battle }) {
  const { t } = useTranslation('battles');
  const localize = useLocalePath();
  const { me, opponent, outcome } = sidesOf(battle);
  return (
    <div className="flex flex-col gap-5">
      <p className="text-center text-2xl font-bold" data-outcome={outcome ?? battle.status}>
        {outcome ? t(`outcome.${outcome}`) : t(`status.${battle.status}`)}
      </p>
      {!outcome && battle.finished_for_me && (
        // §4: the challenger has finished, the contender has not: the result comes when they do
        <p className="text-center text-slate-700" role="status">
          {t('summary.waitingResult', { name: shortName(opponent.name) })}
        </p>
      )}
      <div className="flex items-start justify-center gap-4">
        <h2 className="sr-only">{t('score.label')}</h2>
        <Side side={me} total={battle.total} />
        <span className="self-center text-lg font-bold text-slate-500">{t('score.vs')}</span>
        <Side side={opponent} total={battle.total} />
      </div>
      {battle.questions.length > 0 && (
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('summary.questions')}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 text-start font-medium">
                {t('summary.question')}
              </th>
              <th scope="col" className="py-2 text-center font-medium">
                {t('summary.me')}
              </th>
              <th scope="col" className="py-2 text-center font-medium" title={opponent.name}>
                {shortName(opponent.name)}
              </th>
            </tr>
          </thead>
          <tbody>
            {battle.questions.map((q) => (
              <tr key={q.id} className="border-b border-slate-100">
                <th scope="row" className="py-2 pe-2 text-start font-normal">
                  {q.name}
                </th>
                <td className="py-2 text-center">
                  <Mark passed={q.passed_me} label={t('summary.me')} />
                </td>
                <td className="py-2 text-center">
                  <Mark passed={q.passed_opponent} label={opponent.name} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {battle.status === 'finished' ? (
        <Link to={localize(`/games/contender/${battle.trail.id}`)} className={buttonClass('primary', 'self-center')}>
          {t('summary.again')}
        </Link>
      ) : (
        battle.status !== 'declined' &&
        !battle.finished_for_me && (
          <Link to={localize(`/games/battle/${battle.id}`)} className={buttonClass('primary', 'self-center')}>
            {t('summary.continue')}
          </Link>
        )
      )}
    </div>
  );
}
