import type { Battle } from '@cairn/shared/api/battles';
import type { MineralAnswer, Pebble } from '@cairn/shared/api/trails';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { http } from '../../../lib/http';
import { useLocalePath } from '../../../lib/use-locale';
import { Avatar } from '../../../ui/Avatar';
import { Button, buttonClass } from '../../../ui/Button';
import { EmptyState } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { type Move, PebbleForm } from '../../player';
import { fetchPebble, submitAnswers, trailsKey } from '../../trails';
import { battleKey, shortName, useAnswerChallenge, useBattle, useBattleLive } from '../api';
import { useFocusBattle } from '../store';
import { BattleReveal } from './BattleReveal';
import { BattleStrip } from './BattleStrip';
import { sidesOf } from './BattleSummary';
import { BattleTimer } from './BattleTimer';

/** A pebble as a battle plays it: fresh, whatever the learner answered on the trail before. */
function fresh(p: Pebble): Pebble {
  return { ...p, answered: false, can_change_answer: true, minerals: p.minerals.map((m) => ({ ...m, answer: null })) };
}

/**
 * /games/battle/{id}, full screen in the player layout: accept or decline a challenge; then each question under a
 * compact score strip, its reveal after the answer, and a waiting message; nothing blocking meanwhile (the popups
 * wait, docs/battles.md). A finished battle goes to its summary once the last reveal is read.
 */
export default function BattleScreen() {
  const { t } = useTranslation(['battles', 'common']);
  const id = Number(useParams().id);
  const query = useBattle(id);
  useBattleLive(query.isSuccess);
  const navigate = useNavigate();
  const localize = useLocalePath();
  const battle = query.data;
  // the question whose reveal shows (its pebble id), between the answer and Continue
  const [revealed, setRevealed] = useState<number | null>(null);
  useFocusBattle(battle ? battle.id : null, 'play');

  // a battle finished for the viewer shows its summary (§4: the battle is finished, or the viewer is the
  // challenger and has finished), once the learner has read the last reveal
  useEffect(() => {
    if (battle?.finished_for_me && revealed === null)
      void navigate(localize(`/player-battle/${battle.id}`), { replace: true });
  }, [battle?.finished_for_me, battle?.id, revealed, navigate, localize]);

  if (query.isPending && Number.isInteger(id) && id > 0) return <Spinner label={t('common:status.loading')} />;
  if (!battle)
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8">
        <h1 className="mb-4 text-2xl font-bold">{t('battle.title')}</h1>
        <EmptyState>{t('battle.empty')}</EmptyState>
      </section>
    );
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-3 pb-6" data-battle={battle.id}>
      <BattleStrip battle={battle} revealed={revealed} />
      <BattleBody battle={battle} readAt={query.dataUpdatedAt} revealed={revealed} onReveal={setRevealed} />
    </section>
  );
}

function BattleBody({
  battle,
  readAt,
  revealed,
  onReveal,
}: {
  battle: Battle;
  readAt: number;
  revealed: number | null;
  onReveal: (pebbleId: number | null) => void;
}) {
  const { t } = useTranslation(['battles', 'common']);
  const localize = useLocalePath();
  const { me, opponent } = sidesOf(battle);
  // after Continue, keyboard and screen-reader users start at the next question's title
  const [moved, setMoved] = useState(false);
  const reveal = revealed === null ? undefined : battle.reveals.find((r) => r.pebble_id === revealed);
  // answered, the battle is being read again: its reveal comes with it
  if (revealed !== null && !reveal) return <Spinner label={t('common:status.loading')} />;
  if (reveal)
    return (
      <BattleReveal
        reveal={reveal}
        opponentName={opponent.name}
        last={battle.next_pebble_id === null}
        onContinue={() => {
          setMoved(true);
          onReveal(null);
        }}
      />
    );
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
  if (battle.next_pebble_id !== null)
    return (
      <BattlePebble
        battle={battle}
        pebbleId={battle.next_pebble_id}
        readAt={readAt}
        focusTitle={moved}
        onAnswered={onReveal}
      />
    );
  if (battle.finished_for_me) return null;
  return (
    <p className="rounded-xl bg-slate-100 p-4 text-center text-slate-800" role="status">
      {me.status === 'finished' && battle.status === 'challenged'
        ? t('battle.waitingAccept', { name: shortName(opponent.name) })
        : t('battle.waitingFinish', { name: shortName(opponent.name) })}
    </p>
  );
}

/** The contender's choice: the challenger's picture, Decline and Accept. */
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
    <div className="flex flex-col items-center gap-4 pt-4 text-center">
      <Avatar url={battle.challenger.avatar} name={battle.challenger.name} alt="" size={160} />
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

/**
 * One battle question: shown, it is served (GET ?serve=, which starts its time limit on the server); answered
 * with battle_id, the server decides the points; then its reveal.
 */
function BattlePebble({
  battle,
  pebbleId,
  readAt,
  focusTitle,
  onAnswered,
}: {
  battle: Battle;
  pebbleId: number;
  readAt: number;
  focusTitle: boolean;
  onAnswered: (pebbleId: number | null) => void;
}) {
  const { t } = useTranslation(['battles', 'common']);
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const pebble = useQuery({
    queryKey: ['battle-pebble', battle.id, pebbleId],
    queryFn: () => fetchPebble(battle.trail.id, pebbleId).then(fresh),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const shown = pebble.isSuccess;
  const timed = battle.timing !== null && battle.timing.my_seconds !== null;
  // the question is on screen: its clock starts now, on the server (once; a reload keeps the first start)
  useEffect(() => {
    if (!shown || !timed) return;
    const ctrl = new AbortController();
    http
      .get<{ data: Battle }>(`/api/battle/${battle.id}?serve=${pebbleId}`, { signal: ctrl.signal })
      .then((r) => qc.setQueryData(battleKey(battle.id), r.data))
      .catch(() => {});
    return () => ctrl.abort();
  }, [shown, timed, battle.id, pebbleId, qc]);

  if (pebble.isPending) return <Spinner label={t('common:status.loading')} />;
  if (!pebble.data) return <EmptyState>{t('battle.empty')}</EmptyState>;
  const p = pebble.data;

  async function onMove(move: Move, answers: MineralAnswer[]) {
    if (move !== 'next' || busy) return;
    setBusy(true);
    // its reveal is what shows next (a spinner until the battle read after the answer brings it), so the live
    // update of this very answer, or the end of the battle it makes, never skips it
    onAnswered(p.id);
    let carried = false;
    try {
      const res = await submitAnswers(p.id, {
        answers,
        action: 'next',
        battle_id: battle.id,
        pool_id: p.minerals[0]?.properties.pool_id ?? null,
      });
      // the last question's answer carries the battle (§4 Answering): its reveal and summary show from it
      if (res.battle) {
        qc.setQueryData(battleKey(battle.id), res.battle);
        carried = true;
      }
      void qc.invalidateQueries({ queryKey: trailsKey });
    } catch {
      // the toast said why; the question shows again, the battle is read again below
      onAnswered(null);
    } finally {
      if (!carried) await qc.invalidateQueries({ queryKey: battleKey(battle.id) });
      setBusy(false);
    }
  }

  const at = Math.min((sidesOf(battle).me.answered ?? 0) + 1, battle.total);
  const timing = battle.timing;
  return (
    <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {timing?.my_seconds != null && timing.remaining_ms !== null && (
        <BattleTimer
          key={pebbleId}
          remainingMs={timing.remaining_ms}
          readAt={readAt}
          limitSeconds={timing.my_seconds}
        />
      )}
      <PebbleForm
        key={p.id}
        pebble={{ ...p, is_last: at === battle.total }}
        busy={busy}
        onMove={onMove}
        focusTitle={focusTitle}
      />
    </div>
  );
}
