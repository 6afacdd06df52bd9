import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../../ui/PageHeading';

export default function GamesScreen() {
  const { t } = useTranslation('games');
  return <EmptyScreen title={t('list.title')} empty={t('list.empty')} />;
}
