import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(change: () => void) {
  window.addEventListener('online', change);
  window.addEventListener('offline', change);
  return () => {
    window.removeEventListener('online', change);
    window.removeEventListener('offline', change);
  };
}
const online = () => navigator.onLine;

/**
 * A clear notice while the device has no network: the app shell still shows (the service worker keeps it, /sw.js),
 * but what the server knows cannot be loaded or sent until the connection returns.
 */
export function OfflineNotice() {
  const { t } = useTranslation('common');
  const isOnline = useSyncExternalStore(subscribe, online, () => true);
  if (isOnline) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-50 bg-slate-900 px-4 py-2 text-center text-sm font-semibold text-white"
    >
      {t('offline.notice')}
    </div>
  );
}
