import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { waitingForNetwork } from '../../../lib/last-known';
import { EmptyState, PageHeading } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { useMarkSeen } from '../../account';
import { useTrails } from '../../trails';
import { TrailCard } from './TrailCard';

/** /games: the learner's trails as gradient cards. */
export default function GamesScreen() {
  const { t } = useTranslation(['games', 'common']);
  const query = useTrails();
  const { data, isError } = query;
  // the cards render in a background pass React can interrupt, not in the one long task that follows the
  // list's arrival (docs/performance.md, Round 8)
  const trails = useDeferredValue(data);
  useMarkSeen('home');
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <PageHeading title={t('list.title')} />
      {trails === undefined && waitingForNetwork(query) ? (
        // offline with no copy on this device: not "no games", which would be false
        <EmptyState>{t('common:offline.notLoaded')}</EmptyState>
      ) : trails === undefined && !isError ? (
        <Spinner label={t('common:status.loading')} />
      ) : trails === undefined || trails.length === 0 ? (
        <EmptyState>{t('list.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {trails.map((trail) => (
            <TrailCard key={trail.id} trail={trail} />
          ))}
        </ul>
      )}
    </section>
  );
}
