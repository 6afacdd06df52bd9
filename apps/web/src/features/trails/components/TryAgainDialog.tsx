import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

/** The try-again modal: yes resets the trail's answers, no closes. */
export function TryAgainDialog({
  open,
  busy,
  onYes,
  onNo,
}: {
  open: boolean;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const { t } = useTranslation(['player', 'common']);
  return (
    <Dialog open={open} title={t('tryAgain.title')} onClose={onNo} alert>
      <p className="text-slate-700">{t('tryAgain.body')}</p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onNo}>
          {t('common:actions.no')}
        </Button>
        <Button disabled={busy} onClick={onYes}>
          {t('common:actions.yes')}
        </Button>
      </div>
    </Dialog>
  );
}
