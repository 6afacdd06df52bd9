import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { EmptyState } from '../../../ui/PageHeading';

/** A tab whose screen is not routed here yet: its heading and a note. */
export default function AdminPendingScreen() {
  const { t } = useTranslation('admin');
  const teams = useLocation().pathname.endsWith('/teams');
  return (
    <section>
      <h2 className="mb-4 text-xl font-semibold text-slate-900">{teams ? t('tabs.teams') : t('tabs.trails')}</h2>
      <EmptyState>{teams ? t('pending.teams') : t('pending.trails')}</EmptyState>
    </section>
  );
}
