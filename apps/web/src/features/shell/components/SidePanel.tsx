import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/PageHeading';
import { type PanelTab, ui, useUi } from '../ui-store';
import { PanelFrame } from './PanelFrame';

const TABS: PanelTab[] = ['notifications', 'chats'];

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
      <EmptyState>{panel === 'notifications' ? t('notifications:empty') : t('chat:empty')}</EmptyState>
    </PanelFrame>
  );
}
