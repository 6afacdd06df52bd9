import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../../ui/PageHeading';

export function RboResultsScreen() {
  const { t } = useTranslation('rbo');
  return <EmptyScreen title={t('results.title')} empty={t('results.empty')} />;
}

export function RboPebbleScreen() {
  const { t } = useTranslation('rbo');
  return <EmptyScreen title={t('pebble.title')} empty={t('pebble.empty')} />;
}

/** /rbo/{pebble_id}/{player_id}: answering a peer rating request. */
export function RboAnswerScreen() {
  const { t } = useTranslation('rbo');
  return <EmptyScreen title={t('answer.title')} empty={t('answer.empty')} />;
}
