import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../../ui/PageHeading';

export default function WelcomeNewScreen() {
  const { t } = useTranslation('welcome');
  return <EmptyScreen title={t('new.title')} empty={t('new.empty')} />;
}
