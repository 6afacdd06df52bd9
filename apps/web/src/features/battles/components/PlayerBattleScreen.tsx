import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { EmptyState } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { useBattle, useBattleLive, useMyBattles } from '../api';
import { useFocusBattle } from '../store';
import { BattleRecord } from './BattleRecord';
import { BattleSummary } from './BattleSummary';

/** /player-battle/{id}: the battle summary, then the learner's battle record. */
export function PlayerBattleScreen() {
  const { t } = useTranslation(['battles', 'common']);
  const id = Number(useParams().id);
  const localize = useLocalePath();
  const battle = useBattle(id);
  const mine = useMyBattles();
  useBattleLive(battle.isSuccess);
  // the summary is on screen: its battle's "finished" and "accepted" notices add nothing (docs/battles.md)
  useFocusBattle(battle.data ? battle.data.id : null, 'summary');
  // keyboard and screen-reader users start at the summary's title, the outcome right after it
  const title = useRef<HTMLHeadingElement>(null);
  const loaded = !!battle.data;
  useEffect(() => {
    if (loaded) title.current?.focus({ preventScroll: true });
  }, [loaded]);
  if (battle.isPending && Number.isInteger(id) && id > 0) return <Spinner label={t('common:status.loading')} />;
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:py-10">
      <h1 ref={title} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {t('summary.title')}
      </h1>
      {battle.data ? (
        <>
          <p className="text-slate-700">{battle.data.trail.name}</p>
          <BattleSummary battle={battle.data} />
        </>
      ) : (
        <EmptyState>{t('summary.empty')}</EmptyState>
      )}
      {mine.data && <BattleRecord summary={mine.data.summary} />}
      <Link
        to={localize(battle.data ? `/games/${battle.data.trail.id}` : '/games')}
        className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-slate-700 underline"
      >
        {t('summary.back')}
      </Link>
    </section>
  );
}
