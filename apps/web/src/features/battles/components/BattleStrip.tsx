import type { Battle } from '@cairn/shared/api/battles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { Avatar } from '../../../ui/Avatar';
import { shortName } from '../store';
import { sidesOf } from './BattleSummary';

/** A side of the strip: avatar, short name and points (the opponent's move live). */
function StripSide({ side, end = false }: { side: Battle['challenger']; end?: boolean }) {
  const { t } = useTranslation('battles');
  return (
    <div className={`flex min-w-0 flex-1 items-center gap-2 ${end ? 'flex-row-reverse text-end' : ''}`}>
      <Avatar url={side.avatar} name={side.name} alt="" size={32} />
      <div className="min-w-0 leading-tight">
        <p className="truncate text-sm font-semibold" title={side.name}>
          {shortName(side.name)}
        </p>
        <p className="text-sm font-bold tabular-nums">{t('score.points', { count: side.score })}</p>
      </div>
    </div>
  );
}

/**
 * The compact score strip of a battle in play (docs/battles.md): a way out, both players and their points, the
 * question the viewer is on, and the opponent's progress; the opponent's side is a polite live region.
 */
export function BattleStrip({ battle, revealed = null }: { battle: Battle; revealed?: number | null }) {
  const { t } = useTranslation('battles');
  const localize = useLocalePath();
  const { me, opponent } = sidesOf(battle);
  // the question on screen: the one whose reveal shows, else the next to answer
  const shown = revealed === null ? -1 : battle.reveals.findIndex((r) => r.pebble_id === revealed);
  const at = shown >= 0 ? shown + 1 : Math.min(me.answered + 1, battle.total);
  const progress = battle.total > 0 ? Math.round((opponent.answered / battle.total) * 100) : 0;
  return (
    <header className="sticky top-0 z-10 -mx-3 border-b border-slate-200 bg-white/95 px-3 py-2 backdrop-blur">
      <div className="flex items-center gap-2">
        <Link
          to={localize(`/games/${battle.trail.id}`)}
          aria-label={t('play.leave')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-xl text-slate-700 hover:bg-slate-100 focus-visible:outline-2"
        >
          <span aria-hidden="true">✕</span>
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-base font-bold">{battle.trail.name}</h1>
        <p className="shrink-0 text-sm font-semibold text-slate-700" data-testid="battle-at">
          {t('battle.question', { at, total: battle.total })}
        </p>
      </div>
      <h2 className="sr-only">{t('score.label')}</h2>
      <div className="mt-1 flex items-center gap-2">
        <StripSide side={me} />
        <span className="text-xs font-bold text-slate-500">{t('score.vs')}</span>
        <div aria-live="polite" className="flex min-w-0 flex-1 flex-col gap-1">
          <StripSide side={opponent} end />
          <div className="flex items-center justify-end gap-2">
            <span className="text-xs whitespace-nowrap text-slate-600">
              <span aria-hidden="true">
                {opponent.answered}/{battle.total}
              </span>
              <span className="sr-only">
                {t('score.answered', { answered: opponent.answered, total: battle.total })}
              </span>
            </span>
            <div className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
              <div className="h-full rounded-full bg-slate-700" style={{ width: `${progress}%` }} />
            </div>
          </div>
        </div>
      </div>
    </header>
  );
}
