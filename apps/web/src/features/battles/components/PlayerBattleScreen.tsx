import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { EmptyState } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { useBattle, useBattleLive, useMyBattles } from '../api';
import { BattleSummary } from './BattleSummary';

/** /player-battle/{id}: the battle summary, then the learner's battle record. */
export function PlayerBattleScreen() {
  const { t } = useTranslation(['battles', 'common']);
  const id = Number(useParams().id);
  const localize = useLocalePath();
  const battle = useBattle(id);
  const mine = useMyBattles();
  useBattleLive(battle.isSuccess);
  if (battle.isPending && Number.isInteger(id) && id > 0) return <Spinner label={t('common:status.loading')} />;
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold">{t('summary.title')}</h1>
      {battle.data ? (
        <>
          <p className="text-slate-700">{battle.data.trail.name}</p>
          <BattleSummary battle={battle.data} />
        </>
      ) : (
        <EmptyState>{t('summary.empty')}</EmptyState>
      )}
      {mine.data && (
        <section aria-labelledby="battle-record" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 id="battle-record" className="font-semibold">
            {t('record.title')}
          </h2>
          <dl className="mt-3 grid grid-cols-5 gap-2 text-center">
            {(['battles', 'points', 'won', 'draw', 'lost'] as const).map((k) => (
              <div key={k}>
                <dt className="text-xs text-slate-600">{t(`record.${k}`)}</dt>
                <dd className="text-lg font-bold tabular-nums">{mine.data.summary[k]}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <Link
        to={localize(battle.data ? `/games/${battle.data.trail.id}` : '/games')}
        className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-slate-700 underline"
      >
        {t('summary.back')}
      </Link>
    </section>
  );
}
