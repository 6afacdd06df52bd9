import { lazy } from 'react';
import { loadChatView } from '../../features/chat';
import { loadNotificationList } from '../../features/notifications';
import { loadResultTab } from '../../features/results';
import { importWithReload } from '../../lib/chunk-reload';
import { loadNamespaces } from '../../lib/i18n';
import type { PanelViews } from '../../lib/panel-views';

// the views the player's phone tab set adds (§2), each a chunk of its own with its translations
const NotificationList = lazy(async () => {
  const [m] = await Promise.all([importWithReload(loadNotificationList), loadNamespaces(['notifications'])]);
  return m;
});
const ChatView = lazy(async () => {
  const [m] = await Promise.all([importWithReload(loadChatView), loadNamespaces(['chat'])]);
  return m;
});
const ResultTab = lazy(async () => {
  const [m] = await Promise.all([importWithReload(loadResultTab), loadNamespaces(['results'])]);
  return m;
});

/** What the frame lends the player's side panel (lib/panel-views.ts), provided by the player layout. */
export const PLAYER_PANEL_VIEWS: PanelViews = { notifications: NotificationList, chats: ChatView, result: ResultTab };
