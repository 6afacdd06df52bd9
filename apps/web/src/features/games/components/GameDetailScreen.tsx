import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../../ui/PageHeading';

export default function GameDetailScreen() {
  const { t } = useTranslation('games');
  return <EmptyScreen title={t('detail.title')} empty={t('detail.empty')} />;
}
