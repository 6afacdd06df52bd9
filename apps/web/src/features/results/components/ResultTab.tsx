import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../lib/use-profile';
import { Spinner } from '../../../ui/Spinner';
import { useTrailResult } from '../api';
import { PdfControl, ResultTitle } from './ResultHeader';
import { TrailResultBody } from './TrailResultBody';
import { useResultActions } from './useResultActions';

/** The signed-in learner's result on a trail as a tab of the phone's side panel (§2): header and rows. */
export default function ResultTab({ trailId, onDone }: { trailId: number; onDone: () => void }) {
  const { t } = useTranslation(['results', 'common']);
  const { data: user } = useProfile();
  const query = useTrailResult(user?.id, trailId);
  const [confirming, setConfirming] = useState(false);
  const actions = useResultActions(query.data, onDone);
  const result = query.data;
  if (!user || query.isPending) return <Spinner label={t('common:status.loading')} />;
  if (!result) return <p className="text-slate-600">{t('trail.empty')}</p>;
  return (
    <section aria-label={t('panel.label')}>
      <div className="mb-4 flex items-center justify-between gap-2">
        <ResultTitle result={result} />
        <PdfControl result={result} loading={actions.pdfLoading} onRequest={() => void actions.requestPdf()} />
      </div>
      <TrailResultBody
        result={result}
        isOwner={user.id === result.user.id}
        actions={actions}
        confirming={confirming}
        setConfirming={setConfirming}
      />
    </section>
  );
}
