import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../../ui/PageHeading';

export default function BattleScreen() {
  const { t } = useTranslation('games');
  return <EmptyScreen title={t('battle.title')} empty={t('battle.empty')} />;
}
