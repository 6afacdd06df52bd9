import type { AppNotification } from '@cairn/shared/api/results';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ui } from '../../../lib/ui-store';
import { useLocalePath } from '../../../lib/use-locale';
import { decrementUnread, markNotificationRead, notificationsKey } from '../api';
import { notificationEventRow } from '../notification-events';

/**
 * Opening a notification (§4 Notification list): an unread one is marked read (GET /api/notifications/{id}),
 * the bell counts one less and the list reloads; then what its row of the event table says
 * (notification-events.ts): its popup (battle, rating, reward, date notice), its PDF (certificate, results),
 * else — an event the table does not know — its trail.
 */
export function useOpenNotification() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalePath();

  return useCallback(
    async (n: AppNotification) => {
      const row = notificationEventRow(n.event);
      // PDFs open in a tab created by the click itself: one opened after awaiting the server is a blocked popup
      const pdf = row.pdf?.known(n) ?? null;
      let pending: Window | null = null;
      if (pdf) window.open(pdf, '_blank', 'noopener');
      else if (row.pdf?.fetch) pending = window.open('', '_blank');

      if (!n.read_at) {
        try {
          await markNotificationRead(n.id);
          decrementUnread(qc);
        } catch (err) {
          console.warn('notification unavailable', err);
        }
        void qc.invalidateQueries({ queryKey: notificationsKey });
      }

      try {
        if (row.popup) {
          await row.popup(n, { again: true, beforeShow: () => ui.closePanel() });
        } else if (row.pdf) {
          if (pdf || !row.pdf.fetch) return;
          const url = await row.pdf.fetch(n);
          if (pending && url) {
            pending.opener = null;
            pending.location.href = url;
          } else pending?.close();
        } else {
          const trailId = Number(n.data.trail_id);
          if (Number.isInteger(trailId) && trailId > 0) {
            ui.closePanel();
            await navigate(localize(`/games/${trailId}`));
          }
        }
      } catch (err) {
        pending?.close();
        console.warn('notification target unavailable', err);
      }
    },
    [qc, navigate, localize],
  );
}
