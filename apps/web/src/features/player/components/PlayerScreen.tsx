import type { MineralAnswer, Pebble, Progress } from '@cairn/shared/api/trails';
import { pebbleVariables } from '@cairn/shared/branding';
import { isPublicRoleName } from '@cairn/shared/constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { errorText, HttpError } from '../../../lib/http';
import { waitingForNetwork } from '../../../lib/last-known';
import { resultPanel } from '../../../lib/result-panel';
import { useSession } from '../../../lib/session';
import { useLocalePath } from '../../../lib/use-locale';
import { useProfile } from '../../../lib/use-profile';
import { EmptyScreen } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { resultsKey } from '../../results';
import { rewardsKey, rewardsUi } from '../../rewards';
import {
  type AnswerResult,
  fetchPebble,
  pebbleKey,
  resetTrail,
  submitAnswers,
  TryAgainDialog,
  trailKey,
  trailsKey,
  useTrail,
} from '../../trails';
import { finishPublic } from '../finish';
import { CheckStep, checkAnnouncement } from './CheckStep';
import { PebbleBackground } from './PebbleBackground';
import { type Move, PebbleForm } from './PebbleForm';
import { PlayerHeader } from './PlayerHeader';
import { PlayerPanel, type PlayerPanelTab } from './PlayerPanel';

type ServerError = { mineralId: number; message: string } | null;

// the end screen is a chunk of its own: the player's first pebble does not wait for it (docs/player.md)
const FinishScreen = lazy(() => import('./FinishScreen').then((m) => ({ default: m.FinishScreen })));

/** An answer whose check step (or poll reveal) shows before the player moves on. */
interface Checking {
  res: AnswerResult;
  pollPoolId: number | null;
}

/** /player/{trailId}: plays the trail pebble by pebble. */
export function PlayerScreen() {
  const { t } = useTranslation(['player', 'common']);
  const trailId = Number(useParams().id);
  const localize = useLocalePath();
  if (!Number.isInteger(trailId) || trailId <= 0) return <Navigate to={localize('/games')} replace />;
  return (
    <Player
      key={trailId}
      trailId={trailId}
      loadingLabel={t('common:status.loading')}
      offlineText={t('common:offline.notLoaded')}
      emptyTitle={t('trail.title')}
    />
  );
}

function Player({
  trailId,
  loadingLabel,
  offlineText,
  emptyTitle,
}: {
  trailId: number;
  loadingLabel: string;
  offlineText: string;
  emptyTitle: string;
}) {
  const { t, i18n } = useTranslation(['player', 'validation']);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalePath();
  const { trailId: publicTrail } = useSession();
  // the screen renders what arrives (the pebble, the trail, the profile) in background passes React can interrupt,
  // not in one long task per arrival (docs/performance.md, Round 10)
  const user = useDeferredValue(useProfile().data);
  const isPublic = publicTrail !== null || !!user?.roles.some((r) => isPublicRoleName(r.name));
  const trail = useDeferredValue(useTrail(trailId).data);
  const query = useQuery({
    queryKey: pebbleKey(trailId),
    queryFn: () => fetchPebble(trailId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const shown = useDeferredValue(query.data);
  const [busy, setBusy] = useState(false);
  const [panel, setPanel] = useState<PlayerPanelTab | null>(null);
  const [tryAgain, setTryAgain] = useState(false);
  const [finished, setFinished] = useState<{ passed: boolean; progress: Progress } | null>(null);
  const [checking, setChecking] = useState<Checking | null>(null);
  // the check step's verdict, said by a live region that is always there (WCAG 4.1.3)
  const [announcement, setAnnouncement] = useState('');
  const [serverError, setServerError] = useState<ServerError>(null);
  // a pebble shown by the learner's move (not the first one of the visit) takes the focus on its title
  const [moved, setMoved] = useState(false);
  const location = useLocation();
  const loaded = query.isSuccess;

  // the Info panel's play time runs from the attempt's first opened pebble (docs/player.md, "Times"): a trail detail
  // read before this visit's first pebble opened the attempt is read once more
  const unstarted = trail !== undefined && !trail.attempt?.started_at;
  useEffect(() => {
    if (loaded && unstarted) void qc.invalidateQueries({ queryKey: trailKey(trailId) });
  }, [loaded, unstarted, qc, trailId]);

  // a hold on the trail's reward popups (set by the finishing answer) ends with the player
  useEffect(() => () => rewardsUi.hold(null), []);

  // arriving from a 'rating' notification or /rbo/pebble: that pebble, with its Ratings panel open (§4)
  useEffect(() => {
    const wanted = (location.state as { rboPebble?: number; panel?: PlayerPanelTab } | null) ?? null;
    if (!loaded || !wanted?.rboPebble) return;
    void navigate(location.pathname, { replace: true, state: null });
    fetchPebble(trailId, wanted.rboPebble)
      .then((p) => {
        qc.setQueryData(pebbleKey(trailId), p);
        setPanel(wanted.panel ?? 'ratings');
      })
      .catch(() => {});
  }, [loaded, location.state, location.pathname, navigate, qc, trailId]);

  // offline with nothing of this trail on the device: say so (the pebble loads when the network is back)
  if (shown === undefined && waitingForNetwork(query)) return <EmptyScreen title={emptyTitle} empty={offlineText} />;
  if (query.isError) return <EmptyScreen title={emptyTitle} empty={loadFailure(query.error, t)} />;
  if (shown === undefined) return <Spinner label={loadingLabel} />;
  const pebble = shown;
  // until the background pass shows the latest pebble, the one on screen takes no answer
  const settling = shown !== query.data;

  function show(next: Pebble) {
    qc.setQueryData(pebbleKey(trailId), next);
    setServerError(null);
    setMoved(true);
    window.scrollTo?.({ top: 0 });
  }

  async function run(task: () => Promise<void>) {
    if (busy || settling) return;
    setBusy(true);
    try {
      await task();
    } catch (err) {
      // the http client already toasted the failure (or, loading a pebble, logged it only: the player keeps what
      // it shows); a 422 is also shown under the mineral it names
      if (err instanceof HttpError && err.status === 422) setServerError(locate422(err, pebble, t, i18n.exists));
    } finally {
      setBusy(false);
    }
  }

  function onMove(move: Move, answers: MineralAnswer[]) {
    if (move === 'previous') {
      const at = pebble.navigator.findIndex((n) => n.id === pebble.id);
      const prev = pebble.navigator
        .slice(0, Math.max(at, 0))
        .reverse()
        .find((n) => !n.is_locked);
      if (prev) void run(async () => show(await fetchPebble(trailId, prev.id)));
      return;
    }
    if (move === 'swipe' && pebble.is_last) return;
    if (pebble.answered && !pebble.can_change_answer) return void run(() => passReadOnly());
    void run(async () => {
      const res = await submitAnswers(pebble.id, {
        answers,
        action: move === 'swipe' ? 'swipe' : 'next',
        battle_id: pebble.battle_id,
        pool_id: pebble.minerals[0]?.properties.pool_id ?? null,
      });
      void qc.invalidateQueries({ queryKey: trailsKey });
      // the end screen celebrates the trail's rewards itself: from the finishing answer on, they do not pop up
      if (res.finished && !isPublic) rewardsUi.hold(trailId);
      // a right-answer pebble gets its check step, a shared poll its class distribution, before moving on
      const pollPoolId = move === 'next' ? (pebble.poll_pool_id ?? null) : null;
      // after Next only: a swipe moves on at once (it stores what is valid, docs/player.md "Moving")
      const check = move === 'next' ? (res.check ?? null) : null;
      if (check || pollPoolId) {
        if (pollPoolId) await qc.invalidateQueries({ queryKey: ['poll', pollPoolId] });
        setAnnouncement(check ? checkAnnouncement(check, t) : '');
        setChecking({ res: { ...res, check }, pollPoolId });
        return;
      }
      await moveOn(res);
    });
  }

  /** After the answer (and its check step): the next pebble, or the end of the trail. */
  async function moveOn(res: AnswerResult) {
    show(res.data);
    if (res.finished)
      await finish(res.trail_passed ?? res.passed, res.data.redirect_url ?? pebble.redirect_url, res.data.progress);
  }

  function continueFromCheck() {
    const held = checking;
    if (!held) return;
    setChecking(null);
    setAnnouncement('');
    void run(() => moveOn(held.res));
  }

  async function finish(passed: boolean, redirectUrl: string | null, progress: Progress = pebble.progress) {
    if (isPublic) return finishPublic(redirectUrl, progress);
    void qc.invalidateQueries({ queryKey: resultsKey });
    void qc.invalidateQueries({ queryKey: rewardsKey });
    setFinished({ passed, progress });
  }

  // a locked answer cannot be posted again (409 answer_locked): walk on to the next open pebble instead
  async function passReadOnly() {
    const at = pebble.navigator.findIndex((n) => n.id === pebble.id);
    const next = pebble.navigator.slice(at + 1).find((n) => !n.is_locked);
    if (next) return show(await fetchPebble(trailId, next.id));
    if (pebble.progress.status === 'completed') await finish(!!pebble.progress.trail_passed, pebble.redirect_url);
  }

  function choose(id: number) {
    setPanel(null);
    void run(async () => show(await fetchPebble(trailId, id)));
  }

  function reset() {
    void run(async () => {
      await resetTrail(trailId);
      setTryAgain(false);
      show(await fetchPebble(trailId));
      void qc.invalidateQueries({ queryKey: trailsKey });
    });
  }

  return (
    <div
      // isolate: the pebble's background (z -10) shows above this sheet's colour and below its content
      className="isolate flex min-h-dvh flex-col bg-slate-50"
      // the pebble's own style colours (§3) when its trail sets them; otherwise the brand's (--pebble-0..3)
      style={pebble.style ? (pebbleVariables(pebble.style) as CSSProperties) : undefined}
    >
      <PebbleBackground media={pebble.backgroundLandscape} />
      <PlayerHeader
        pebble={pebble}
        isPublic={isPublic}
        canReset={!!trail?.can_reset}
        onPanel={setPanel}
        onTryAgain={() => setTryAgain(true)}
        onResults={user && !isPublic ? () => resultPanel.open({ trailId, userId: user.id }) : undefined}
        backTo={localize(`/games/${trailId}`)}
      />
      <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col bg-white/95 sm:my-4 sm:rounded-2xl sm:shadow-sm">
        {finished ? (
          <Suspense fallback={<Spinner label={loadingLabel} />}>
            <FinishScreen
              trailId={trailId}
              trailName={pebble.trail.name}
              trailType={pebble.type}
              progress={finished.progress}
              passed={finished.passed}
              userId={pebble.user.id}
              learnerName={[user?.firstname, user?.lastname].filter(Boolean).join(' ')}
              onReview={() => setFinished(null)}
              onResults={() => resultPanel.open({ trailId, userId: pebble.user.id })}
            />
          </Suspense>
        ) : (
          // while the check step shows, the answered pebble stays in view but takes no input
          <div inert={!!checking} className="flex flex-1 flex-col">
            <PebbleForm
              key={pebble.id}
              pebble={pebble}
              busy={busy || settling || !!checking}
              onMove={onMove}
              serverError={serverError}
              onEdit={() => serverError && setServerError(null)}
              focusTitle={moved}
            />
          </div>
        )}
      </div>
      {checking && (
        <CheckStep
          check={checking.res.check ?? null}
          pollPoolId={checking.pollPoolId}
          last={checking.res.finished}
          onContinue={continueFromCheck}
        />
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {panel && !isPublic && (
        <PlayerPanel
          tab={panel}
          onTab={setPanel}
          onClose={() => setPanel(null)}
          pebble={pebble}
          trail={trail}
          onChoose={choose}
        />
      )}
      <TryAgainDialog open={tryAgain} busy={busy} onYes={reset} onNo={() => setTryAgain(false)} />
    </div>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * What the player says when its pebble cannot be loaded (§8: the failure itself is only logged, no toast): the
 * error's own message, not "no pebbles to play yet", which is true only of a 404 (no trail of the learner's with
 * pebbles). A trail before its start date (423) and one the learner may not open (403) say so in their words;
 * anything else says what the server's error code means, or that something went wrong (no answer at all).
 */
function loadFailure(err: unknown, t: unknown): string {
  const tr = t as T;
  if (!(err instanceof HttpError)) return errorText(undefined);
  if (err.status === 404) return tr('player:trail.empty');
  if (err.body?.code === 'trail_not_started') return tr('player:trail.notStarted');
  if (err.status === 403) return tr('player:trail.unavailable');
  return errorText(err.body);
}

/** Ties a 422's first 'answers.N.*' error to mineral N and words it from validation.{rule} when it can. */
function locate422(err: HttpError, pebble: Pebble, t: unknown, exists: (k: string) => boolean): ServerError {
  const tr = t as T;
  for (const [field, messages] of Object.entries(err.body?.errors ?? {})) {
    const m = /^answers\.(\d+)/.exec(field);
    const mineral = m ? pebble.minerals[Number(m[1])] : undefined;
    if (!mineral) continue;
    const rule = err.body?.rules?.[field];
    const message =
      rule && exists(`validation:${rule.rule}`)
        ? tr(`validation:${rule.rule}`, { ...rule.params, field: tr('player:pebble.field') })
        : (messages[0] ?? tr('player:pebble.invalid'));
    return { mineralId: mineral.id, message };
  }
  return null;
}
