import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ResultTarget, resultPanel } from '../../../lib/result-panel';
import { useProfile } from '../../../lib/use-profile';
import { PanelFrame } from '../../../ui/PanelFrame';
import { Spinner } from '../../../ui/Spinner';
import { useTrailResult } from '../api';
import { ResultChat } from './ResultChat';
import { PdfControl, ResultTitle } from './ResultHeader';
import { TrailResultBody } from './TrailResultBody';
import { useResultActions } from './useResultActions';

/** §2 trail result panel: header (icon, name, download, close) and collapsible rows, in the side panel frame. */
export function TrailResultPanel({ target }: { target: ResultTarget }) {
  const { t } = useTranslation(['results', 'common']);
  const { data: user } = useProfile();
  const query = useTrailResult(target.userId, target.trailId);
  const [confirming, setConfirming] = useState(false);
  const actions = useResultActions(query.data, resultPanel.close);
  const result = query.data;

  return (
    <>
      <PanelFrame
        label={t('panel.label')}
        closeLabel={t('panel.close')}
        // Escape belongs to the try-again modal while it is open
        onClose={() => !confirming && resultPanel.close()}
        header={
          result ? (
            <>
              <ResultTitle result={result} />
              <PdfControl result={result} loading={actions.pdfLoading} onRequest={() => void actions.requestPdf()} />
            </>
          ) : (
            <h2 className="font-bold text-slate-900">{t('panel.label')}</h2>
          )
        }
      >
        {query.isPending ? (
          <Spinner label={t('common:status.loading')} />
        ) : result ? (
          <TrailResultBody
            result={result}
            isOwner={!!user && user.id === result.user.id}
            actions={actions}
            confirming={confirming}
            setConfirming={setConfirming}
          />
        ) : (
          <p className="text-slate-600">{t('trail.empty')}</p>
        )}
      </PanelFrame>
      {/* after the panel, so it stacks above the panel's faded area */}
      <ResultChat result={result} placement="panel" />
    </>
  );
}
