import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../../ui/PageHeading';

export default function ContenderScreen() {
  const { t } = useTranslation('games');
  return <EmptyScreen title={t('contender.title')} empty={t('contender.empty')} />;
}
