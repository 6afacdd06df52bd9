import type { AppNotification } from '@cairn/shared/api/results';
import { isPublicRoleName } from '@cairn/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { openLive } from '../../../lib/socket';
import { profileKey, useProfile } from '../../account/api';
import { battlesKey } from '../../battles/api';
import { BattlePopup } from '../../battles/components/BattlePopup';
import { BattleResultPanel } from '../../battles/components/BattleResultPanel';
import { DatePopup } from '../../battles/components/DatePopup';
import { battlePopup, datePopup } from '../../battles/store';
import { trailsKey } from '../../games/api';
import { fetchNotificationsPage, markNotificationRead, refreshNotifications } from '../../notifications/api';
import { RatingPopup } from '../../rbo/components/RatingPopup';
import { rboPopup } from '../../rbo/store';
import { fetchRewards, rewardsKey } from '../../rewards/api';
import { RewardPopups } from '../../rewards/components/RewardPopups';
import { rewardsUi } from '../../rewards/store';
import { resultsKey } from '../api';
import { useResultPanel } from '../store';
import { TrailResultPanel } from './TrailResultPanel';

/**
 * Live events of this feature: NOTIFICATION → the notification (peeked through the list) → NOTIFY_REWARD opens
 * the reward popup with those rewards and marks it read, NOTIFY_CERTIFICATE / NOTIFY_RESULTS_PDF refresh results; the direct NOTIFY_RESULTS_PDF
 * event refreshes the result so its download opens the PDF. The connection opens only for an
 * authenticated, non-public user (§4).
 */
function useLiveResults(enabled: boolean) {
  const qc = useQueryClient();
  const { t } = useTranslation('results');
  useEffect(() => {
    if (!enabled) return;
    const socket = openLive();
    const onNotification = async ({ id }: { id: number }) => {
      try {
        // read through the list, which leaves it unread: only what the user is shown here counts as read
        const n: AppNotification | undefined = (await fetchNotificationsPage(1)).data.find((x) => x.id === id);
        if (!n) return;
        if (n.event === 'NOTIFY_REWARD') {
          const ids = (n.data.rewards as number[] | undefined) ?? [];
          if (ids.length > 0) {
            rewardsUi.show(await fetchRewards(ids));
            await markNotificationRead(id);
          }
          void qc.invalidateQueries({ queryKey: rewardsKey });
          void qc.invalidateQueries({ queryKey: resultsKey });
        } else if (n.event === 'NOTIFY_RBO') {
          // a request to rate, or a rating received: the rating popup (§4), which counts as reading it
          rboPopup.show(n);
          await markNotificationRead(id);
        } else if (n.event === 'NOTIFY_BATTLE') {
          // a challenge, its answer, a reminder, the end (§4): the battle popup, which counts as reading it
          battlePopup.show(n);
          await markNotificationRead(id);
          void qc.invalidateQueries({ queryKey: battlesKey });
        } else if (n.event === 'DUE_DATE' || n.event === 'START_DATE') {
          datePopup.show(n);
          await markNotificationRead(id);
        } else if (n.event === 'NOTIFY_CERTIFICATE' || n.event === 'NOTIFY_RESULTS_PDF') {
          void qc.invalidateQueries({ queryKey: resultsKey });
        }
      } catch (err) {
        console.warn('notification unavailable', err);
      } finally {
        // the bell and the list show the new notification (or that the popup showed it)
        refreshNotifications(qc);
      }
    };
    const onPdf = () => {
      void qc.invalidateQueries({ queryKey: resultsKey });
      notify.success(t('pdf.ready'));
    };
    // new trails assigned: the home counter (and the list) change without a notification
    const onCounters = () => {
      void qc.invalidateQueries({ queryKey: profileKey });
      void qc.invalidateQueries({ queryKey: trailsKey });
    };
    socket.on('NOTIFICATION', onNotification);
    socket.on('NOTIFY_RESULTS_PDF', onPdf);
    socket.on('COUNTERS', onCounters);
    return () => {
      socket.off('NOTIFICATION', onNotification);
      socket.off('NOTIFY_RESULTS_PDF', onPdf);
      socket.off('COUNTERS', onCounters);
    };
  }, [enabled, qc, t]);
}

/** Mounted by the shell's Popups in both layouts: the trail result panel, the reward popup and live events. */
export default function ResultsHost() {
  const { authenticated, trailId } = useSession();
  const { data: user } = useProfile();
  const isPublic = trailId !== null || !!user?.roles.some((r) => isPublicRoleName(r.name));
  const live = authenticated && !!user && !isPublic;
  useLiveResults(live);
  const target = useResultPanel();
  if (!live) return null;
  return (
    <>
      {target && <TrailResultPanel key={`${target.userId}-${target.trailId}`} target={target} />}
      <RewardPopups />
      <RatingPopup />
      <BattlePopup />
      <DatePopup />
      <BattleResultPanel />
    </>
  );
}
