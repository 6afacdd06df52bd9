import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';

/** The warning prompt a signed-in learner gets after the last pebble. */
export function FinishedDialog({
  open,
  trailName,
  passed,
  onGames,
  onStay,
}: {
  open: boolean;
  trailName: string;
  passed: boolean;
  onGames: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation('player');
  return (
    <Dialog open={open} title={t('finished.title')} onClose={onStay} alert>
      <p className="text-slate-700">{t('finished.body', { name: trailName })}</p>
      <p className="mt-2 font-semibold text-slate-900">{passed ? t('finished.passed') : t('finished.notPassed')}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onStay}>
          {t('finished.stay')}
        </Button>
        <Button onClick={onGames}>{t('finished.toGames')}</Button>
      </div>
    </Dialog>
  );
}
