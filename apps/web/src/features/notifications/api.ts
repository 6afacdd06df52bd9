import type { User } from '@cairn/shared/api/accounts';
import type { AppNotification, NotificationsPage } from '@cairn/shared/api/results';
import type { QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { profileKey } from '../../lib/profile';

// No TanStack hooks here: the header and the live events import this file, the list chunk the hooks.

export const notificationsKey = ['notifications'] as const;

/** GET /api/notificationsAll/{page}: 15 of the user's notifications, newest first (page 1 first). */
export function fetchNotificationsPage(page: number): Promise<NotificationsPage> {
  return http.get<NotificationsPage>(`/api/notificationsAll/${page}`);
}

/** GET /api/notifications/{id}: the notification, marked read by the server. */
export function markNotificationRead(id: number): Promise<AppNotification> {
  return http.get<{ data: AppNotification }>(`/api/notifications/${id}`, { handle: [404] }).then((r) => r.data);
}

/** The unread count the header's bell shows (the profile's `notifications` counter). */
export function unreadCount(user: User | undefined): number {
  return user?.notifications?.notifications ?? 0;
}

/** One notification was read here: the bell counts one less at once, without waiting for the profile. */
export function decrementUnread(qc: QueryClient): void {
  qc.setQueryData<User>(profileKey, (u) =>
    u ? { ...u, notifications: { ...u.notifications, notifications: Math.max(0, unreadCount(u) - 1) } } : u,
  );
}

/** Something changed on the server (a live NOTIFICATION, a read elsewhere): the count and the list reload. */
export function refreshNotifications(qc: QueryClient): void {
  void qc.invalidateQueries({ queryKey: profileKey });
  void qc.invalidateQueries({ queryKey: notificationsKey });
}
