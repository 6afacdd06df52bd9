import type { TrailType } from '@cairn/shared/minerals';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { finishWords } from '../finish';

/** The warning prompt a signed-in learner gets after the last pebble, worded for the trail type (finishWords). */
export function FinishedDialog({
  open,
  trailName,
  trailType,
  passed,
  onGames,
  onStay,
}: {
  open: boolean;
  trailName: string;
  trailType: TrailType;
  passed: boolean;
  onGames: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation('player');
  const words = finishWords(trailType, passed);
  return (
    <Dialog open={open} title={t('finished.title')} onClose={onStay} alert>
      <p className="text-slate-700">{t(words.body, { name: trailName })}</p>
      <p className="mt-2 font-semibold text-slate-900">{t(words.verdict)}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onStay}>
          {t('finished.stay')}
        </Button>
        <Button onClick={onGames}>{t('finished.toGames')}</Button>
      </div>
    </Dialog>
  );
}
