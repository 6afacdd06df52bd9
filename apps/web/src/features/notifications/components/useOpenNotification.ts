import type { AppNotification } from '@cairn/shared/api/results';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ui } from '../../../lib/ui-store';
import { useLocalePath } from '../../../lib/use-locale';
import { battlePopup, datePopup } from '../../battles';
import { rboPopup } from '../../rbo';
import { fetchCertificates } from '../../results';
import { fetchRewards, rewardsUi } from '../../rewards';
import { decrementUnread, markNotificationRead, notificationsKey } from '../api';

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const ids = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/** The PDF a notification points at, when it is known without asking the server. */
function knownPdf(n: AppNotification): string | null {
  return n.event === 'NOTIFY_RESULTS_PDF' || n.event === 'NOTIFY_CERTIFICATE' ? text(n.data.pdf) : null;
}

/**
 * Opening a notification (§4 Notification list): an unread one is marked read (GET /api/notifications/{id}),
 * the bell counts one less and the list reloads; then by event: NOTIFY_REWARD → the reward popup with its
 * rewards, NOTIFY_CERTIFICATE → the certificate PDF, NOTIFY_RESULTS_PDF → the results PDF, others → the trail.
 */
export function useOpenNotification() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const localize = useLocalePath();

  return useCallback(
    async (n: AppNotification) => {
      // PDFs open in a tab created by the click itself: one opened after awaiting the server is a blocked popup
      const pdf = knownPdf(n);
      let pending: Window | null = null;
      if (pdf) window.open(pdf, '_blank', 'noopener');
      else if (n.event === 'NOTIFY_CERTIFICATE') pending = window.open('', '_blank');

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
        if (n.event === 'NOTIFY_BATTLE') {
          // §4: the battle popup (Accept / Decline, or See details / Dismiss)
          ui.closePanel();
          battlePopup.show(n);
        } else if (n.event === 'DUE_DATE' || n.event === 'START_DATE') {
          ui.closePanel();
          datePopup.show(n);
        } else if (n.event === 'NOTIFY_RBO') {
          // §4: rating or request opens the rating popup
          ui.closePanel();
          rboPopup.show(n);
        } else if (n.event === 'NOTIFY_REWARD') {
          const rewardIds = ids(n.data.rewards);
          if (rewardIds.length === 0) return;
          ui.closePanel();
          rewardsUi.show(await fetchRewards(rewardIds), { again: true });
        } else if (n.event === 'NOTIFY_CERTIFICATE') {
          if (pdf) return;
          // the certificate's PDF is rendered on its first read
          const [certificate] = await fetchCertificates(ids(n.data.certificates).slice(0, 1));
          const url = text(certificate?.pdf);
          if (pending && url) {
            pending.opener = null;
            pending.location.href = url;
          } else pending?.close();
        } else if (n.event !== 'NOTIFY_RESULTS_PDF') {
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
