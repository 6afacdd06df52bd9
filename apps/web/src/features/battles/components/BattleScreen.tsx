import type { Battle } from '@cairn/shared/api/battles';
import type { MineralAnswer, Pebble } from '@cairn/shared/api/trails';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { Avatar } from '../../../ui/Avatar';
import { Button, buttonClass } from '../../../ui/Button';
import { EmptyState } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { type Move, PebbleForm } from '../../player';
import { fetchPebble, submitAnswers, trailsKey } from '../../trails';
import { battleKey, shortName, useAnswerChallenge, useBattle, useBattleLive } from '../api';
import { Side, sidesOf } from './BattleSummary';

/** A pebble as a battle plays it: fresh, whatever the learner answered on the trail before. */
function fresh(p: Pebble): Pebble {
  return { ...p, answered: false, can_change_answer: true, minerals: p.minerals.map((m) => ({ ...m, answer: null })) };
}

/** The live scoreboard: both players, their points and how far each has come (the opponent's updates live). */
function Scoreboard({ battle }: { battle: Battle }) {
  const { t } = useTranslation('battles');
  const { me, opponent } = sidesOf(battle);
  return (
    <div className="flex items-start justify-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="sr-only">{t('score.label')}</h2>
      <Side side={me} total={battle.total} size={56} />
      <span className="self-center text-lg font-bold text-slate-500">{t('score.vs')}</span>
      <div aria-live="polite" className="contents">
        <Side side={opponent} total={battle.total} size={56} />
      </div>
    </div>
  );
}

/** /games/battle/{id}: accept or decline a challenge, play the battle's pebbles, wait for the opponent. */
export default function BattleScreen() {
  const { t } = useTranslation(['battles', 'common']);
  const id = Number(useParams().id);
  const query = useBattle(id);
  useBattleLive(query.isSuccess);
  const navigate = useNavigate();
  const localize = useLocalePath();
  const battle = query.data;

  // a finished battle shows its summary (§4)
  useEffect(() => {
    if (battle?.status === 'finished') void navigate(localize(`/player-battle/${battle.id}`), { replace: true });
  }, [battle?.status, battle?.id, navigate, localize]);

  if (query.isPending && Number.isInteger(id) && id > 0) return <Spinner label={t('common:status.loading')} />;
  if (!battle)
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8">
        <h1 className="mb-4 text-2xl font-bold">{t('battle.title')}</h1>
        <EmptyState>{t('battle.empty')}</EmptyState>
      </section>
    );
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <header>
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('battle.title')}</p>
        <h1 className="text-2xl font-bold">{battle.trail.name}</h1>
      </header>
      <Scoreboard battle={battle} />
      <BattleBody battle={battle} />
    </section>
  );
}

function BattleBody({ battle }: { battle: Battle }) {
  const { t } = useTranslation('battles');
  const localize = useLocalePath();
  const { me, opponent } = sidesOf(battle);
  if (battle.status === 'challenged' && battle.me === 'contender') return <Invitation battle={battle} />;
  if (battle.status === 'declined')
    return (
      <div className="flex flex-col items-center gap-3 text-center">
        <p>{t('battle.declined', { name: shortName(battle.contender.name) })}</p>
        <Link to={localize(`/games/contender/${battle.trail.id}`)} className={buttonClass('primary')}>
          {t('battle.another')}
        </Link>
      </div>
    );
  if (battle.next_pebble_id !== null) return <BattlePebble battle={battle} pebbleId={battle.next_pebble_id} />;
  if (battle.status === 'finished') return null;
  return (
    <p className="rounded-xl bg-slate-100 p-4 text-center text-slate-800" role="status">
      {me.status === 'finished' && battle.status === 'challenged'
        ? t('battle.waitingAccept', { name: shortName(opponent.name) })
        : t('battle.waitingFinish', { name: shortName(opponent.name) })}
    </p>
  );
}

/** The contender's choice: the challenger's picture at 200 px, Decline and Accept. */
function Invitation({ battle }: { battle: Battle }) {
  const { t } = useTranslation('battles');
  const navigate = useNavigate();
  const localize = useLocalePath();
  const [busy, setBusy] = useState(false);
  const answerBattle = useAnswerChallenge();
  async function answer(accept: boolean) {
    setBusy(true);
    const answered = await answerBattle(battle.id, accept);
    setBusy(false);
    if (answered && !accept) await navigate(localize(`/games/${battle.trail.id}`));
  }
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <Avatar url={battle.challenger.avatar} name={battle.challenger.name} alt="" size={200} />
      <p className="text-lg">
        {t('popup.challenge', { player: shortName(battle.challenger.name), trail: battle.trail.name })}
      </p>
      <div className="flex gap-3">
        <Button variant="secondary" disabled={busy} onClick={() => void answer(false)}>
          {t('popup.decline')}
        </Button>
        <Button disabled={busy} onClick={() => void answer(true)}>
          {t('popup.accept')}
        </Button>
      </div>
    </div>
  );
}

/** One battle pebble: the player's form, answered with battle_id; the server decides the points. */
function BattlePebble({ battle, pebbleId }: { battle: Battle; pebbleId: number }) {
  const { t } = useTranslation(['battles', 'common']);
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const pebble = useQuery({
    queryKey: ['battle-pebble', battle.id, pebbleId],
    queryFn: () => fetchPebble(battle.trail.id, pebbleId).then(fresh),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (pebble.isPending) return <Spinner label={t('common:status.loading')} />;
  if (!pebble.data) return <EmptyState>{t('battle.empty')}</EmptyState>;
  const p = pebble.data;

  async function onMove(move: Move, answers: MineralAnswer[]) {
    if (move !== 'next' || busy) return;
    setBusy(true);
    try {
      await submitAnswers(p.id, {
        answers,
        action: 'next',
        battle_id: battle.id,
        pool_id: p.minerals[0]?.properties.pool_id ?? null,
      });
      void qc.invalidateQueries({ queryKey: trailsKey });
    } catch {
      // the toast said why; the battle is read again below either way
    } finally {
      await qc.invalidateQueries({ queryKey: battleKey(battle.id) });
      setBusy(false);
    }
  }

  const at = Math.min((sidesOf(battle).me.answered ?? 0) + 1, battle.total);
  return (
    <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <p className="px-4 pt-4 text-sm font-semibold text-slate-600">
        {t('battle.question', { at, total: battle.total })}
      </p>
      <PebbleForm key={p.id} pebble={{ ...p, is_last: at === battle.total }} busy={busy} onMove={onMove} />
    </div>
  );
}
