import type { TrailResult } from '@cairn/shared/api/results';
import { useTranslation } from 'react-i18next';
import { TryAgainDialog } from '../../trails';
import { TrailResultView } from './TrailResultView';
import type { useResultActions } from './useResultActions';

/** The result rows plus the try-again modal (§2), shared by the panel and the /results page. */
export function TrailResultBody({
  result,
  isOwner,
  actions,
  confirming,
  setConfirming,
}: {
  result: TrailResult;
  isOwner: boolean;
  actions: ReturnType<typeof useResultActions>;
  confirming: boolean;
  setConfirming: (open: boolean) => void;
}) {
  const { t } = useTranslation('results');
  return (
    <>
      {actions.pdfPending && (
        <p role="status" className="mb-3 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          {t('pdf.preparing')}
        </p>
      )}
      <TrailResultView
        result={result}
        isOwner={isOwner}
        certificates={actions.certificates}
        onReset={() => setConfirming(true)}
        onImprove={(id) => void actions.improve(id)}
      />
      <TryAgainDialog
        open={confirming}
        busy={actions.resetting}
        onYes={() => {
          setConfirming(false);
          void actions.reset();
        }}
        onNo={() => setConfirming(false)}
      />
    </>
  );
}
