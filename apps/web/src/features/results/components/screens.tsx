import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { useProfile } from '../../../lib/use-profile';
import { EmptyScreen } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { isUnavailableTrail, leaveUnavailableTrail } from '../../trails';
import { useTrailResult } from '../api';
import { ResultChat } from './ResultChat';
import { PdfControl, ResultTitle } from './ResultHeader';
import { TrailResultBody } from './TrailResultBody';
import { useResultActions } from './useResultActions';

export { SummaryScreen } from './SummaryScreen';

/**
 * /results/{trailId}[?user=id]: the actor's own result on the trail; a coach may name a learner. On wide screens the
 * chat with the coach (or, for a coach, the learner) stands beside it, as beside the result panel.
 */
export function ResultsScreen() {
  const { t } = useTranslation(['results', 'common']);
  const trailId = Number(useParams().id);
  const [search] = useSearchParams();
  const { data: user } = useProfile();
  const asked = Number(search.get('user'));
  const userId = Number.isInteger(asked) && asked > 0 ? asked : user?.id;
  const valid = Number.isInteger(trailId) && trailId > 0;
  const query = useTrailResult(valid ? userId : undefined, valid ? trailId : 0);
  const [confirming, setConfirming] = useState(false);
  const actions = useResultActions(query.data, () => {});
  const localize = useLocalePath();
  const result = query.data;

  // a trail that is not the user's (404): §8's way to /games, saying so
  const gone = isUnavailableTrail(query.error);
  useEffect(() => {
    if (gone) leaveUnavailableTrail();
  }, [gone]);

  if (!valid || query.isError) return <EmptyScreen title={t('trail.title')} empty={t('trail.empty')} />;
  if (!result) return <Spinner label={t('common:status.loading')} />;
  return (
    <div className="mx-auto flex w-full max-w-6xl items-start gap-6 px-4 py-6 sm:py-8">
      <section className="mx-auto w-full min-w-0 max-w-3xl flex-1">
        <Link
          to={localize(`/games/${result.trail.id}`)}
          className="mb-4 inline-flex min-h-11 items-center text-sm font-semibold text-slate-700 underline"
        >
          {t('page.backToTrail')}
        </Link>
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <div className="mb-2 flex items-center gap-2 border-b border-slate-200 pb-3">
            <ResultTitle result={result} level={1} />
            <PdfControl result={result} loading={actions.pdfLoading} onRequest={() => void actions.requestPdf()} />
          </div>
          <TrailResultBody
            result={result}
            isOwner={!!user && user.id === result.user.id}
            actions={actions}
            confirming={confirming}
            setConfirming={setConfirming}
          />
        </div>
      </section>
      <ResultChat result={result} placement="page" />
    </div>
  );
}
