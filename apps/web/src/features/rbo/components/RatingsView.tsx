import type { RboResults, RboScale } from '@cairn/shared/api/ratings';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { ChatWithButton } from './ChatWithButton';
import { RatingView, Star } from './RatingInput';

/**
 * The Ratings panel of §2: the average, the total, bars for 5 down to 1 stars, and each rater with avatar,
 * name, rating, comment and a chat-with button that opens that rater's discussion.
 */
export function RatingsView({ results, scale = 'stars' }: { results: RboResults; scale?: RboScale }) {
  const { t } = useTranslation('rbo');
  const { total_ratings: total, average_rating: average, counts } = results;
  return (
    <section aria-label={t('panel.title')}>
      <div className="flex items-center gap-4">
        <p className="text-4xl font-bold text-slate-900">{average.toFixed(1)}</p>
        <div>
          <RatingView value={Math.round(average) || 0} scale="stars" />
          <p className="text-sm text-slate-600">{t('panel.total', { count: total })}</p>
        </div>
      </div>
      <ul className="mt-4 flex flex-col gap-1" aria-label={t('panel.distribution')}>
        {([5, 4, 3, 2, 1] as const).map((v) => {
          const n = counts[v];
          const pct = total ? Math.round((n / total) * 100) : 0;
          return (
            <li key={v} className="flex items-center gap-2 text-sm">
              <span className="flex w-8 items-center justify-end gap-0.5 text-slate-700">
                {v}
                <Star filled className="size-3.5" />
              </span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                <span className="block h-full rounded-full bg-star" style={{ width: `${pct}%` }} />
              </span>
              <span className="w-8 text-end text-slate-700">
                <span className="sr-only">{t('panel.bar', { value: v, count: n })}</span>
                <span aria-hidden="true">{n}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {results.ratings.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">{t('panel.none')}</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {results.ratings.map((r) => (
            <li key={r.id} className="flex gap-3 border-t border-slate-100 pt-4">
              <Avatar url={r.avatar} name={r.rater} alt="" size={40} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">{r.rater}</p>
                <RatingView value={r.rating} scale={scale} size="size-4" />
                {r.comment && <p className="mt-1 break-words text-sm text-slate-700">{r.comment}</p>}
              </div>
              <ChatWithButton userId={r.rater_id} discussionId={r.discussion_id} name={r.rater} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
