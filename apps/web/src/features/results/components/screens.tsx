import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../../ui/PageHeading';

export function ResultsScreen() {
  const { t } = useTranslation('results');
  return <EmptyScreen title={t('trail.title')} empty={t('trail.empty')} />;
}

/** /coach: the Results entry for role levels above 400. */
export function CoachScreen() {
  const { t } = useTranslation('results');
  return <EmptyScreen title={t('coach.title')} empty={t('coach.empty')} />;
}
