import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { datePopup, useDatePopup } from '../store';

type DateTrail = { id: number; name: string };
const KINDS = ['DUE_DATE.one_day', 'DUE_DATE.zero_day', 'START_DATE.zero_day', 'START_DATE.two_days'] as const;

/** The text key of a due- or start-date notice (§4 DUE_DATE, START_DATE). */
export function dateNoticeKey(event: string, type: unknown): (typeof KINDS)[number] | null {
  const k = `${event}.${String(type)}`;
  return (KINDS as readonly string[]).includes(k) ? (k as (typeof KINDS)[number]) : null;
}

export const trailsOf = (v: unknown): DateTrail[] =>
  Array.isArray(v) ? v.filter((x): x is DateTrail => typeof x?.id === 'number' && typeof x?.name === 'string') : [];

/** A due-date or start-date notice: what is due or starting, each trail a link to its page. */
export function DatePopup() {
  const n = useDatePopup();
  const { t } = useTranslation('battles');
  const localize = useLocalePath();
  const key = n && dateNoticeKey(n.event, n.data.type);
  if (!n || !key) return null;
  const trails = trailsOf(n.data.trails);
  return (
    <Dialog open title={t(`dates.${key}`)} onClose={() => datePopup.close()}>
      <ul className="mt-4 flex flex-col gap-2">
        {trails.map((tr) => (
          <li key={tr.id}>
            <Link
              to={localize(`/games/${tr.id}`)}
              onClick={() => datePopup.close()}
              className="inline-flex min-h-11 items-center font-semibold text-slate-900 underline"
            >
              {tr.name}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={() => datePopup.close()}>
          {t('popup.dismiss')}
        </Button>
      </div>
    </Dialog>
  );
}
