import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { buttonClass } from '../../../ui/Button';
import { PageHeading } from '../../../ui/PageHeading';

export default function ChangedScreen() {
  const { t } = useTranslation('auth');
  const localize = useLocalePath();
  return (
    <div className="text-center">
      <PageHeading title={t('changed.title')}>{t('changed.body')}</PageHeading>
      <Link to={localize('/login')} className={buttonClass('primary', 'w-full')}>
        {t('changed.finish')}
      </Link>
    </div>
  );
}
