import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { Avatar } from '../../../ui/Avatar';
import { shortName, useMyBattles } from '../api';

/** The learner's battles on one battle trail (newest first), each linking to its play screen or summary. */
export function TrailBattles({ trailId }: { trailId: number }) {
  const { t } = useTranslation('battles');
  const localize = useLocalePath();
  const { data } = useMyBattles();
  const battles = data?.battles.filter((b) => b.trail.id === trailId) ?? [];
  if (battles.length === 0) return null;
  return (
    <section aria-labelledby="trail-battles" className="mt-8">
      <h2 id="trail-battles" className="text-lg font-bold">
        {t('list.title')}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {battles.map((b) => {
          const done = b.status === 'finished' || b.status === 'declined';
          return (
            <li key={b.id}>
              <Link
                to={localize(done ? `/player-battle/${b.id}` : `/games/battle/${b.id}`)}
                className="flex min-h-11 items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 hover:bg-slate-50"
              >
                <Avatar url={b.opponent.avatar} name={b.opponent.name} alt="" size={40} />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold" title={b.opponent.name}>
                    {t('list.against', { name: shortName(b.opponent.name) })}
                  </span>
                  <span className="block text-sm text-slate-600">
                    {b.outcome ? t(`outcome.${b.outcome}`) : t(`status.${b.status}`)}
                  </span>
                </span>
                <span className="font-bold tabular-nums">
                  {b.me.score} : {b.opponent.score}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
