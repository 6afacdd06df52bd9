import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { useLocalePath } from '../../../lib/use-locale';
import { AuthShell } from '../../../ui/AuthShell';
import { buttonClass } from '../../../ui/Button';

/** The §2 error screen: status, message, a suggestion and a link that fits who is looking. */
export function ErrorScreen({ status, message }: { status: number; message?: string }) {
  const { t } = useTranslation('errors');
  const { authenticated, trailId } = useSession();
  const localize = useLocalePath();
  const target = !authenticated ? '/login' : trailId !== null ? `/games/${trailId}` : '/games';
  const label = !authenticated ? t('page.toLogin') : trailId !== null ? t('page.toTrail') : t('page.toGames');
  return (
    <AuthShell>
      <div className="text-center">
        <h1 className="text-3xl font-bold">{t('page.title', { status })}</h1>
        <p className="mt-3 text-slate-700">{message ?? (status === 500 ? t('page.checkFailed') : t('page.unknown'))}</p>
        <p className="mt-3 text-slate-600">
          {t('page.errorPageMsg')} {t('page.weSuggestYou')}
        </p>
        <Link to={localize(target)} className={buttonClass('primary', 'mt-6')}>
          {label}
        </Link>
      </div>
    </AuthShell>
  );
}
