import type { AppNotification } from '@cairn/shared/api/results';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchNotificationsPage, refreshNotifications } from '../../features/notifications/api';
import { notificationArrived } from '../../features/notifications/notification-events';
import { resultsKey } from '../../features/results/api';
import { trailsKey } from '../../features/trails/api';
import { notify } from '../../lib/notify';
import { profileKey } from '../../lib/profile';
import { openLive } from '../../lib/socket';

/**
 * The app's one live-event dispatcher: NOTIFICATION → the notification (peeked through the list) → what its row
 * of the event table says (features/notifications/notification-events.ts: the reward, rating, battle or date
 * popup, which marks it read; the queries it refreshes); the direct NOTIFY_RESULTS_PDF event refreshes the
 * result so its download opens the PDF; COUNTERS refreshes the profile and trails. The connection opens only for
 * an authenticated, non-public user (§4).
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
        // what happens is its row of the event table: a popup (which counts as reading it), queries refreshed
        await notificationArrived(n, qc);
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
