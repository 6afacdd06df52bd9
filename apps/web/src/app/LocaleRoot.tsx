import type { LocaleCode } from '@cairn/shared/locales';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { OutboxBanner } from '../features/offline';
import { setLanguage } from '../lib/i18n';
import { splitLocale } from '../lib/locale';
import { toasterWanted } from '../lib/notify';
import { session } from '../lib/session';
import { useStore } from '../lib/store';
import { LocaleContext } from '../lib/use-locale';
import { Spinner } from '../ui/Spinner';
import { OfflineNotice } from './OfflineNotice';
import { ProgressBar } from './ProgressBar';
import { SessionExpiredDialog } from './SessionExpiredDialog';

const Toasts = lazy(() => import('./Toasts'));

/** The element of each locale prefix: sets the language and hosts what every page shares. */
export function LocaleRoot({ locale }: { locale: LocaleCode }) {
  const { t } = useTranslation('common');
  const wantToasts = useStore(toasterWanted);
  const { pathname } = useLocation();
  useEffect(() => {
    void setLanguage(locale);
  }, [locale]);
  // a login or logout hand-over ends when its landing page is reached
  useEffect(() => {
    session.arrived(splitLocale(pathname).path);
  }, [pathname]);

  return (
    <LocaleContext value={locale}>
      <ProgressBar />
      <OfflineNotice />
      <OutboxBanner />
      <Suspense fallback={<Spinner label={t('status.loading')} />}>
        <Outlet />
      </Suspense>
      <SessionExpiredDialog />
      {wantToasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
    </LocaleContext>
  );
}
