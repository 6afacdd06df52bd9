import type { Pebble, Trail } from '@cairn/shared/api/trails';
import { attemptSeconds, clock } from '@cairn/shared/attempt';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePanelViews } from '../../../lib/panel-views';
import { PHONE_QUERY, useMedia } from '../../../lib/use-media';
import { PanelFrame } from '../../../ui/PanelFrame';
import { PebbleIcon } from '../../../ui/PebbleIcon';
import { Spinner } from '../../../ui/Spinner';
import { RatingsView } from '../../rbo';
import { ShareAnswersView } from './ShareAnswersView';

export type PlayerPanelTab = 'info' | 'navigator' | 'ratings' | 'share' | 'notifications' | 'chats' | 'result';

interface Props {
  tab: PlayerPanelTab;
  onTab: (tab: PlayerPanelTab) => void;
  onClose: () => void;
  pebble: Pebble;
  trail: Trail | undefined;
  onChoose: (pebbleId: number) => void;
}

/**
 * The player's side panel: the info, navigator, ratings and share-answers views of §2. A view with nothing to
 * show for this pebble is not offered (ratings: a rated pebble the user answered; share: a shared question). On a
 * phone it is the one side panel of the screen, with the tab set of §2: notifications, chat, trail result,
 * ratings, navigator (and the info view its header button opens).
 */
export function PlayerPanel({ tab, onTab, onClose, pebble, trail, onChoose }: Props) {
  const { t } = useTranslation(['player', 'rbo']);
  const phone = useMedia(PHONE_QUERY);
  const views = usePanelViews();
  const tabs: { id: PlayerPanelTab; label: string }[] = [{ id: 'info', label: t('panel.info') }];
  if (phone && views) {
    tabs.push({ id: 'notifications', label: t('panel.notifications') }, { id: 'chats', label: t('panel.chats') });
    tabs.push({ id: 'result', label: t('panel.result') });
  }
  if (pebble.rbo_results) tabs.push({ id: 'ratings', label: t('rbo:panel.tab') });
  tabs.push({ id: 'navigator', label: t('panel.navigator') });
  if (pebble.poll_pool_id) tabs.push({ id: 'share', label: t('rbo:share.tab') });
  const active = tabs.some((x) => x.id === tab) ? tab : 'info';
  return (
    <PanelFrame
      label={t('panel.label')}
      tabsLabel={t('panel.tabs')}
      closeLabel={t('panel.close')}
      tabs={tabs}
      active={active}
      onSelect={onTab}
      onClose={onClose}
    >
      {active === 'info' && <InfoView pebble={pebble} trail={trail} />}
      {active === 'navigator' && (
        <NavigatorView pebble={pebble} onChoose={(id) => (id === pebble.id ? onClose() : onChoose(id))} />
      )}
      {active === 'ratings' && pebble.rbo_results && (
        <RatingsView results={pebble.rbo_results} scale={pebble.rbo_scale} />
      )}
      {active === 'share' && <ShareAnswersView pebble={pebble} onGoToPebble={onClose} />}
      {(active === 'notifications' || active === 'chats' || active === 'result') && (
        <Suspense fallback={<Spinner label={t('panel.loading')} />}>
          {active === 'notifications' && views && <views.notifications />}
          {active === 'chats' && views && <views.chats />}
          {active === 'result' && views && <views.result trailId={pebble.trail_id} onDone={onClose} />}
        </Suspense>
      )}
    </PanelFrame>
  );
}

/**
 * The play time of the current attempt, ticking while it runs: attemptSeconds of the trail's attempt times, the
 * computation the trail result's duration uses too, so the two agree (docs/player.md, "Times").
 */
function usePlayTime(attempt: Trail['attempt']): number {
  const [now, setNow] = useState(() => Date.now());
  const running = !!attempt?.started_at && !attempt.completed_at;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return attemptSeconds(attempt?.started_at, attempt?.completed_at, now);
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-100 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-end font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

function InfoView({ pebble, trail }: { pebble: Pebble; trail: Trail | undefined }) {
  const { t } = useTranslation(['player', 'games']);
  const seconds = usePlayTime(trail?.attempt);
  const coach = trail?.coach && [trail.coach.firstname, trail.coach.lastname].filter(Boolean).join(' ');
  const rewards = trail?.achievements.find((a) => a.type === 'reward');
  const icon = trail?.icon ?? pebble.trail.icon;
  return (
    <div>
      <div className="mb-4 flex items-center gap-3">
        {icon && <img src={icon.url} alt="" className="size-12 rounded-xl object-cover" />}
        <h2 className="text-lg font-bold text-slate-900">{pebble.trail.name}</h2>
      </div>
      <dl>
        <Row label={t('info.coach')}>{coach || t('games:detail.noCoach')}</Row>
        <Row label={t('info.xp')}>{t('info.of', { score: pebble.progress.xp, total: pebble.progress.xp_total })}</Row>
        {rewards && <Row label={t('info.rewards')}>{t('info.of', { score: rewards.score, total: rewards.total })}</Row>}
        <Row label={t('info.playTime')}>
          <time dateTime={`PT${seconds}S`}>{clock(seconds)}</time>
        </Row>
        {trail && <Row label={t('info.difficulty')}>{t(`games:difficulty.${trail.difficulty}`)}</Row>}
        <Row label={t('info.pebble')}>
          <span className="inline-flex items-center gap-2">
            <PebbleIcon
              name={pebble.object.fa_icon}
              background={pebble.object.fa_icon_background}
              border={pebble.object.fa_icon_border}
            />
            {pebble.name}
          </span>
        </Row>
        <Row label={t('info.xpObtainable')}>{pebble.xp}</Row>
        {pebble.rbo_results && <Row label={t('info.ratings')}>{pebble.rbo_results.total_ratings}</Row>}
        {pebble.poll_answers != null && <Row label={t('info.players')}>{pebble.poll_answers}</Row>}
      </dl>
    </div>
  );
}

function NavigatorView({ pebble, onChoose }: { pebble: Pebble; onChoose: (id: number) => void }) {
  const { t } = useTranslation('player');
  return (
    <nav aria-label={t('panel.navigator')}>
      <ol className="flex flex-col gap-2">
        {pebble.navigator.map((item, i) => {
          const current = item.id === pebble.id;
          return (
            <li key={item.id}>
              <button
                type="button"
                disabled={item.is_locked}
                aria-current={current ? 'step' : undefined}
                onClick={() => onChoose(item.id)}
                className={`flex min-h-12 w-full items-center gap-3 rounded-xl border-2 px-3 py-2 text-start focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:cursor-not-allowed disabled:border-slate-100 disabled:bg-slate-100 disabled:text-slate-500 ${current ? 'border-accent bg-accent/10 font-bold' : 'border-slate-200 bg-white hover:bg-slate-50'}`}
              >
                {/* §2: the pebbles are visibly numbered; screen readers hear "Pebble N" instead of a bare digit */}
                <span
                  aria-hidden="true"
                  data-testid="pebble-number"
                  className="w-6 shrink-0 text-end font-bold tabular-nums text-slate-700"
                >
                  {i + 1}
                </span>
                <PebbleIcon name={item.fa_icon} background={item.fa_icon_background} border={item.fa_icon_border} />
                <span className="min-w-0 flex-1 break-words">
                  <span className="sr-only">{t('navigator.number', { number: i + 1 })} </span>
                  {item.name}
                </span>
                {item.is_new && (
                  <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-on-accent">
                    {t('navigator.new')}
                  </span>
                )}
                {item.is_locked && (
                  <>
                    <svg
                      viewBox="0 0 24 24"
                      className="size-5"
                      aria-hidden="true"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                    >
                      <rect x="5" y="11" width="14" height="10" rx="2" />
                      <path d="M8 11V8a4 4 0 018 0v3" />
                    </svg>
                    <span className="sr-only">{t('navigator.locked')}</span>
                  </>
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
