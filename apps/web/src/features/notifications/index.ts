// The notifications feature's public face: what other features may use. The list loads as a chunk of its own.
export const loadNotificationList = () => import('./components/NotificationList');
