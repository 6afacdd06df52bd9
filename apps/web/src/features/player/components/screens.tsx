import { useTranslation } from 'react-i18next';
import { EmptyScreen } from '../../../ui/PageHeading';

export function SummaryScreen() {
  const { t } = useTranslation('player');
  return <EmptyScreen title={t('summary.title')} empty={t('summary.empty')} />;
}

/** Where a public user lands after finishing or leaving a trail. */
export function ThankYouScreen() {
  const { t } = useTranslation('player');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{t('thankYou.title')}</h1>
      <p className="text-lg text-slate-600">{t('thankYou.body')}</p>
    </section>
  );
}
