import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../ui/PageHeading';
import { PanelFrame } from '../../../ui/PanelFrame';
import { Spinner } from '../../../ui/Spinner';
import { useBattle } from '../api';
import { battleResultPanel, useBattleResultPanel } from '../store';
import { BattleSummary } from './BattleSummary';

/** The §2 battle result view of the side panel: the summary of one battle over the current screen. */
export function BattleResultPanel() {
  const id = useBattleResultPanel();
  return id === null ? null : <Panel id={id} />;
}

function Panel({ id }: { id: number }) {
  const { t } = useTranslation(['battles', 'common']);
  const battle = useBattle(id);
  return (
    <PanelFrame
      label={t('summary.title')}
      closeLabel={t('common:actions.close')}
      header={<h2 className="text-lg font-bold">{battle.data?.trail.name ?? t('summary.title')}</h2>}
      onClose={() => battleResultPanel.close()}
    >
      {battle.isPending ? (
        <Spinner label={t('common:status.loading')} />
      ) : battle.data ? (
        <BattleSummary battle={battle.data} />
      ) : (
        <EmptyState>{t('summary.empty')}</EmptyState>
      )}
    </PanelFrame>
  );
}
