import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { useProfile } from '../../../lib/use-profile';
import { Button } from '../../../ui/Button';
import { EmptyScreen, PageHeading } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { canSeeResults } from '../../account';
import { downloadInsightCsv, useInsight } from '../api';
import { Distributions } from './Distributions';
import { OptionsPanel } from './OptionsPanel';
import { PebbleTable } from './PebbleTable';
import { ScatterFigure } from './ScatterFigure';
import { FunnelTable, TrailFigures } from './TrailFigures';

/** /coach/insight/{trail_id}: which questions work and why (docs/insight.md). Coaches and customer admins. */
export default function InsightScreen() {
  const { t } = useTranslation(['insight', 'common']);
  const { data: user } = useProfile();
  if (!user) return <Spinner label={t('common:status.loading')} />;
  // coaches and the customer's admins (docs/insight.md)
  if (!canSeeResults(user) && !user.is_admin) return <EmptyScreen title={t('title')} empty={t('notCoach')} />;
  return <InsightView />;
}

function InsightView() {
  const { t } = useTranslation(['insight', 'common']);
  const trailId = Number(useParams().trailId);
  const localize = useLocalePath();
  const insight = useInsight(trailId);
  const [open, setOpen] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  if (insight.isPending) return <Spinner label={t('common:status.loading')} />;
  if (!insight.data) return <EmptyScreen title={t('title')} empty={t('unavailable')} />;
  const data = insight.data;
  const opened = data.pebbles.find((p) => p.id === open) ?? null;
  const items = data.trail.type === 'exam' || data.trail.type === 'battle';
  return (
    <section className="mx-auto flex w-full min-w-0 max-w-6xl flex-col gap-6 px-4 py-8">
      <div>
        <PageHeading title={t('heading', { name: data.trail.name })} />
        <div className="-mt-4 flex flex-wrap gap-2">
          <Link to={localize('/coach')} className="inline-flex min-h-11 items-center rounded-lg px-3 underline">
            {t('back')}
          </Link>
          <Button
            variant="secondary"
            disabled={saving}
            onClick={() => {
              setSaving(true);
              void downloadInsightCsv(trailId).finally(() => setSaving(false));
            }}
          >
            {t('csv')}
          </Button>
        </div>
      </div>
      {data.trail.type === 'battle' && <p className="text-slate-700">{t('battle')}</p>}
      <TrailFigures insight={data} />
      {items && (
        <>
          <PebbleTable pebbles={data.pebbles} open={open} onOpen={setOpen} />
          <div className="grid min-w-0 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
            <ScatterFigure pebbles={data.pebbles} open={open} />
            {opened ? <OptionsPanel pebble={opened} /> : <p className="self-center text-slate-600">{t('pick')}</p>}
          </div>
        </>
      )}
      <FunnelTable insight={data} />
      <Distributions items={data.distributions} />
    </section>
  );
}
