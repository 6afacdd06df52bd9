import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginPathWithRedirect } from '../lib/navigation';
import { session, useSession } from '../lib/session';
import { useLocalePath } from '../lib/use-locale';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

/** The non-dismissable 'Oops..' prompt shown once a session has ended on its own. */
export function SessionExpiredDialog() {
  const { t } = useTranslation('common');
  const { expired } = useSession();
  const navigate = useNavigate();
  const localize = useLocalePath();
  return (
    <Dialog open={expired} title={t('session.expired.title')} dismissable={false} alert>
      <p className="text-slate-700">{t('session.expired.body')}</p>
      <div className="mt-6 flex justify-end">
        <Button
          autoFocus
          onClick={() => {
            session.clearExpired();
            // already on login (the usual case): keep the redirect the guard put in the URL
            if (!/\/(auth\/)?login$/.test(window.location.pathname)) {
              navigate(localize(loginPathWithRedirect()), { replace: true });
            }
          }}
        >
          {t('session.expired.login')}
        </Button>
      </div>
    </Dialog>
  );
}
