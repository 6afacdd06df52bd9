import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { deleteAccount } from '../api';

/**
 * Delete account with a confirmation: DELETE /api/deleteAccount anonymises the account and revokes its sessions;
 * the session here ends and the user lands on /login.
 */
export function DeleteAccount() {
  const { t } = useTranslation(['me', 'common']);
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    try {
      await deleteAccount();
    } catch {
      // 4xx answers were reported by the http client; a server error is said here
      notify.error(t('edit.delete.failed'));
      setDeleting(false);
      setOpen(false);
    }
  };

  return (
    <section aria-labelledby="delete-account" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-red-200 sm:p-6">
      <h2 id="delete-account" className="text-lg font-bold text-slate-900">
        {t('edit.delete.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('edit.delete.body')}</p>
      <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
        {t('edit.delete.open')}
      </Button>
      <Dialog open={open} alert title={t('edit.delete.confirmTitle')} onClose={() => !deleting && setOpen(false)}>
        <p className="text-slate-700">{t('edit.delete.confirmBody')}</p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={deleting} autoFocus>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={confirm} disabled={deleting} className="!bg-red-700 !text-white">
            {deleting ? t('edit.delete.deleting') : t('edit.delete.confirm')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
