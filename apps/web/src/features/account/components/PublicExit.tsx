import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { exitPublicSession } from '../session-actions';

/** The public user's only way out, behind the §2 warning that answers will be erased. */
export function PublicExit() {
  const { t } = useTranslation(['nav', 'common']);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('publicExit.button')}
      </Button>
      <Dialog open={open} title={t('publicExit.title')} onClose={() => setOpen(false)} alert>
        <p className="text-slate-700">{t('publicExit.warning')}</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('common:actions.no')}
          </Button>
          <Button onClick={() => void exitPublicSession()}>{t('common:actions.yes')}</Button>
        </div>
      </Dialog>
    </>
  );
}
