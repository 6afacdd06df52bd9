import type { AppNotification } from '@cairn/shared/api/results';
import { isNotificationEvent, type NotificationEvent } from '@cairn/shared/notifications';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type notificationsText from '../../locales/en/notifications.json';
import { battlePopup, battlesKey, datePopup } from '../battles';
import { rboPopup } from '../rbo';
import { fetchCertificates, resultsKey } from '../results';
import { fetchRewards, rewardsKey, rewardsUi } from '../rewards';
import { markNotificationRead } from './api';

/** How a popup is shown: on arrival (live), or again from the list (which first closes the side panel). */
export interface PopupContext {
  /** from the list: the user asked to see it (rewards already celebrated show again) */
  again: boolean;
  /** called just before the popup shows (the list closes the side panel) */
  beforeShow: () => void;
}

/** A title of the list (the `event` keys of the notifications namespace, in all 15 locales). */
export type NotificationTitleKey = `event.${Extract<keyof (typeof notificationsText)['event'], string>}`;

/** What happens with a notification of one kind (one row of the event table). */
export interface NotificationEventRow {
  /** its title in the list (notifications namespace) */
  title: NotificationTitleKey;
  /**
   * Its popup, on arrival and when opened from the list; resolves false when there is nothing to show. A popup
   * shown on arrival counts as reading the notification.
   */
  popup?: (n: AppNotification, c: PopupContext) => boolean | Promise<boolean>;
  /** the queries refreshed when it arrives */
  refresh?: readonly QueryKey[];
  /**
   * The PDF it opens from the list: `known` when the data names it (opened by the click itself, since a tab
   * opened after awaiting the server is a blocked popup), else `fetch` asks the server (into a tab opened at once).
   */
  pdf?: { known: (n: AppNotification) => string | null; fetch?: (n: AppNotification) => Promise<string | null> };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/** A popup that shows the notification itself (battle, rating, date notice). */
const shows =
  (popup: { show: (n: AppNotification) => void }) =>
  (n: AppNotification, c: PopupContext): boolean => {
    c.beforeShow();
    popup.show(n);
    return true;
  };

/**
 * The event table: every notification event of the shared map (packages/shared/src/notifications.ts) and what
 * happens with it — its title, its popup, the queries it refreshes on arrival, the PDF it opens. The live
 * dispatcher (app/live/live-events.ts) and the list (components/useOpenNotification.ts) both read it; an event
 * without a row is shown generically (GENERIC_ROW). A new kind: docs/notifications.md.
 */
export const NOTIFICATION_EVENTS_TABLE: Record<NotificationEvent, NotificationEventRow> = {
  // a challenge, its answer, a reminder, the end (§4): Accept / Decline, or See details / Dismiss
  NOTIFY_BATTLE: { title: 'event.battle', popup: shows(battlePopup), refresh: [battlesKey] },
  // a request to rate, or a rating received (§4)
  NOTIFY_RBO: { title: 'event.rating', popup: shows(rboPopup) },
  NOTIFY_REWARD: {
    title: 'event.reward',
    popup: async (n, c) => {
      const ids = numbers(n.data.rewards);
      if (ids.length === 0) return false;
      c.beforeShow();
      if (c.again) rewardsUi.show(await fetchRewards(ids), { again: true });
      else rewardsUi.show(await fetchRewards(ids));
      return true;
    },
    refresh: [rewardsKey, resultsKey],
  },
  NOTIFY_CERTIFICATE: {
    title: 'event.certificate',
    refresh: [resultsKey],
    pdf: {
      known: (n) => text(n.data.pdf),
      // the certificate's PDF is rendered on its first read
      fetch: async (n) => text((await fetchCertificates(numbers(n.data.certificates).slice(0, 1)))[0]?.pdf),
    },
  },
  NOTIFY_RESULTS_PDF: { title: 'event.resultsPdf', refresh: [resultsKey], pdf: { known: (n) => text(n.data.pdf) } },
  DUE_DATE: { title: 'event.dueDate', popup: shows(datePopup) },
  START_DATE: { title: 'event.startDate', popup: shows(datePopup) },
};

/** An event the table does not know: a generic title; opening it goes to its trail (when it names one). */
export const GENERIC_ROW: NotificationEventRow = { title: 'event.other' };

/** The row of an event. */
export const notificationEventRow = (event: string): NotificationEventRow =>
  isNotificationEvent(event) ? NOTIFICATION_EVENTS_TABLE[event] : GENERIC_ROW;

/**
 * A notification arrived (the live NOTIFICATION event): its popup, which counts as reading it, then the queries
 * its row refreshes.
 */
export async function notificationArrived(n: AppNotification, qc: QueryClient): Promise<void> {
  const row = notificationEventRow(n.event);
  if (row.popup && (await row.popup(n, { again: false, beforeShow: () => {} }))) await markNotificationRead(n.id);
  for (const queryKey of row.refresh ?? []) void qc.invalidateQueries({ queryKey });
}
