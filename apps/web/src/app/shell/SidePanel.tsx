import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithReload } from '../../lib/chunk-reload';
import { type PanelTab, ui, useUi } from '../../lib/ui-store';
import { PanelFrame } from '../../ui/PanelFrame';
import { Spinner } from '../../ui/Spinner';

const TABS: PanelTab[] = ['notifications', 'chats'];

/** The notification list is a chunk of its own, loaded when the panel first shows it. */
const NotificationList = lazy(() =>
  importWithReload(() => import('../../features/notifications/components/NotificationList')),
);
/** So is the chat view. */
const ChatView = lazy(() => importWithReload(() => import('../../features/chat/components/ChatView')));

/** The default layout's side panel with the notifications and chats views. */
export function SidePanel() {
  const { panel } = useUi();
  const { t } = useTranslation(['nav', 'notifications', 'chat']);
  if (!panel) return null;
  return (
    <PanelFrame
      label={t('panel.label')}
      tabsLabel={t('panel.tabs')}
      closeLabel={t('panel.close')}
      tabs={TABS.map((id) => ({ id, label: id === 'notifications' ? t('panel.notifications') : t('panel.chats') }))}
      active={panel}
      onSelect={ui.openPanel}
      onClose={ui.closePanel}
    >
      {panel === 'notifications' ? (
        <Suspense fallback={<Spinner label={t('notifications:loading')} />}>
          <NotificationList />
        </Suspense>
      ) : (
        <Suspense fallback={<Spinner label={t('chat:loading')} />}>
          <ChatView />
        </Suspense>
      )}
    </PanelFrame>
  );
}
