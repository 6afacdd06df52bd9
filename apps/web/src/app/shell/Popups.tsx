import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateProfile } from '../../features/account/api';
import { importWithReload } from '../../lib/chunk-reload';
import { loadNamespaces } from '../../lib/i18n';
import { ui, useUi } from '../../lib/ui-store';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/** The account-paused notice of §4: offered after login and when the user sets themselves away. */
function PausedNotice() {
  const { pausedNotice } = useUi();
  const { t } = useTranslation('me');
  const update = useUpdateProfile();
  const close = () => ui.showPausedNotice(false);
  return (
    <Dialog open={pausedNotice} title={t('paused.title')} onClose={close}>
      <p className="text-slate-700">{t('paused.body')}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          {t('paused.noThanks')}
        </Button>
        <Button disabled={update.isPending} onClick={() => update.mutate({ is_paused: 0 }, { onSuccess: close })}>
          {t('paused.setActive')}
        </Button>
      </div>
    </Dialog>
  );
}

/** The trail result panel, reward popup and their live events: a lazy chunk, outside the first-route budget. */
const LiveHost = lazy(async () => {
  const [m] = await Promise.all([
    importWithReload(() => import('../live/LiveHost')),
    loadNamespaces(['results', 'player', 'rbo', 'battles']),
  ]);
  return m;
});

/** Popups shared by the default and player layouts; live notification popups join here. */
export function Popups() {
  return (
    <>
      <PausedNotice />
      <Suspense fallback={null}>
        <LiveHost />
      </Suspense>
    </>
  );
}
