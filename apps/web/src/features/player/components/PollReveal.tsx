import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/Spinner';
import { usePoll } from '../../rbo';

/**
 * How the class answered a shared poll (the §2 share-answers data, shown where the learner is): every option with its
 * share, 0 % included, the learner's own choice marked, and how many answered. Read after the answer is stored.
 */
export function PollReveal({ poolId }: { poolId: number }) {
  const { t } = useTranslation('player');
  const { data: poll, isPending, isError } = usePoll(poolId);
  if (isPending) return <Spinner label={t('check.pollLoading')} />;
  if (isError || !poll) return <p className="text-sm text-slate-700">{t('check.pollUnavailable')}</p>;
  const mine = new Set(
    poll.answers.filter((a) => a.is_me).flatMap((a) => a.answers.map((x) => x.value_id ?? `v${x.value}`)),
  );
  return (
    <div data-poll={poll.pool_id}>
      <p className="text-sm text-slate-700">{t('check.pollPeople', { people: poll.users })}</p>
      <ul className="mt-2 flex flex-col gap-2">
        {poll.summary.map((s) => {
          const own = mine.has(s.value_id ?? `v${s.value}`);
          return (
            <li key={`${s.value_id}-${s.value}`} className="text-sm" data-percent={s.percent}>
              <div className="flex justify-between gap-2">
                <span className="min-w-0 break-words text-slate-900">
                  {s.value}
                  {own && (
                    <span className="ms-2 rounded-full bg-slate-900 px-2 py-0.5 text-xs font-bold text-white">
                      {t('check.yourAnswer')}
                    </span>
                  )}
                </span>
                <span className="font-semibold tabular-nums text-slate-900">{s.percent}%</span>
              </div>
              <span className="mt-1 block h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                <span
                  className="block h-full rounded-full bg-accent motion-safe:transition-[width] motion-safe:duration-700"
                  style={{ width: `${s.percent}%` }}
                />
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
