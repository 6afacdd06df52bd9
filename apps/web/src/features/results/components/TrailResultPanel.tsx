import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithReload } from '../../../lib/chunk-reload';
import { loadNamespaces } from '../../../lib/i18n';
import { type ResultTarget, resultPanel } from '../../../lib/result-panel';
import { useProfile } from '../../../lib/use-profile';
import { useWideScreen } from '../../../lib/use-wide-screen';
import { PanelFrame } from '../../../ui/PanelFrame';
import { Spinner } from '../../../ui/Spinner';
import { loadResultChatDock } from '../../chat';
import { useTrail } from '../../trails';
import { useTrailResult } from '../api';
import { PdfControl, ResultTitle } from './ResultHeader';
import { TrailResultBody } from './TrailResultBody';
import { useResultActions } from './useResultActions';

/** The chat docked beside the result on wide screens: a chunk of its own, with its translations. */
const ResultChatDock = lazy(async () => {
  const [m] = await Promise.all([importWithReload(loadResultChatDock), loadNamespaces(['chat'])]);
  return m;
});

/** Whom the result's viewer chats with: the trail's coach for the learner's own result, else the learner. */
function useResultChatPartner(result: ReturnType<typeof useTrailResult>['data'], viewerId: number | undefined) {
  const own = !!result && result.user.id === viewerId;
  const trail = useTrail(own ? result?.trail.id : undefined);
  if (!result || viewerId === undefined) return null;
  if (!own) return { userId: result.user.id, name: result.user.name };
  const coach = trail.data?.coach;
  if (!coach || coach.id === viewerId) return null;
  return { userId: coach.id, name: `${coach.firstname ?? ''} ${coach.lastname ?? ''}`.trim() };
}

/** §2 trail result panel: header (icon, name, download, close) and collapsible rows, in the side panel frame. */
export function TrailResultPanel({ target }: { target: ResultTarget }) {
  const { t } = useTranslation(['results', 'common']);
  const { data: user } = useProfile();
  const query = useTrailResult(target.userId, target.trailId);
  const [confirming, setConfirming] = useState(false);
  const actions = useResultActions(query.data, resultPanel.close);
  const result = query.data;
  const wide = useWideScreen();
  const partner = useResultChatPartner(result, user?.id);

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
      {wide && partner && (
        <Suspense fallback={null}>
          <ResultChatDock userId={partner.userId} name={partner.name} />
        </Suspense>
      )}
    </>
  );
}
