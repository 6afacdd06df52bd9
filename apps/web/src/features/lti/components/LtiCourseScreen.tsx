import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { notify } from '../../../lib/notify';
import { useLocalePath } from '../../../lib/use-locale';
import { Button, buttonClass } from '../../../ui/Button';
import { PageHeading } from '../../../ui/PageHeading';
import { syncRoster } from '../api';

/** /lti/course/:id: where an instructor's launch lands: open the placed trail, or sync the course's roster (NRPS). */
export default function LtiCourseScreen() {
  const { t } = useTranslation('lti');
  const localize = useLocalePath();
  const trailId = Number(useParams().id);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const sync = async () => {
    setBusy(true);
    try {
      const { data } = await syncRoster(trailId);
      const text = t('course.synced', data);
      setResult(text);
      notify.success(text);
    } catch {
      setResult(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8">
      <PageHeading title={t('course.title')}>{t('course.intro')}</PageHeading>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to={localize(`/games/${trailId}`)} className={buttonClass('primary')}>
          {t('course.open')}
        </Link>
        <Button variant="secondary" onClick={() => void sync()} disabled={busy || !Number.isFinite(trailId)}>
          {t('course.sync')}
        </Button>
      </div>
      <p role="status" className="mt-4 text-slate-700">
        {result}
      </p>
    </section>
  );
}
