import type { AppNotification } from '@cairn/shared/api/results';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { battlesKey } from '../../features/battles/api';
import { battlePopup, datePopup } from '../../features/battles/store';
import { trailsKey } from '../../features/games/api';
import { fetchNotificationsPage, markNotificationRead, refreshNotifications } from '../../features/notifications/api';
import { rboPopup } from '../../features/rbo/store';
import { resultsKey } from '../../features/results/api';
import { fetchRewards, rewardsKey } from '../../features/rewards/api';
import { rewardsUi } from '../../features/rewards/store';
import { notify } from '../../lib/notify';
import { profileKey } from '../../lib/profile';
import { openLive } from '../../lib/socket';

/**
 * The app's one live-event dispatcher (moved unchanged from results/components/ResultsHost.tsx): NOTIFICATION → the notification (peeked through the list) → NOTIFY_REWARD opens
 * the reward popup with those rewards and marks it read, NOTIFY_CERTIFICATE / NOTIFY_RESULTS_PDF refresh results; the direct NOTIFY_RESULTS_PDF
 * event refreshes the result so its download opens the PDF. The connection opens only for an
 * authenticated, non-public user (§4).
 */
export function useLiveEvents(enabled: boolean) {
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
