import type { Trail } from '@cairn/shared/api/trails';
import { thumbnail } from '@cairn/shared/media';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { OfflineMark } from '../../offline';
import { gradientCss } from '../gradients';
import { Crown } from './Crown';

/**
 * A trail on the games list: gradient card with type, progress, xp and crowns; the whole card links to the detail
 * (`to`: elsewhere, e.g. the preview's sample detail).
 */
export function TrailCard({ trail, to }: { trail: Trail; to?: string }) {
  const { t } = useTranslation('games');
  const localize = useLocalePath();
  const p = trail.progress;
  return (
    <li>
      <Link
        to={to ?? localize(`/games/${trail.id}`)}
        className="flex h-full min-h-44 flex-col justify-between gap-4 rounded-2xl p-5 text-white shadow-md transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-slate-900 motion-reduce:transition-none"
        style={{ backgroundImage: gradientCss(trail.style.gradient) }}
      >
        <div className="flex items-start gap-3">
          {trail.icon && (
            <img
              {...thumbnail(trail.icon.url, 48)}
              alt=""
              className="size-12 shrink-0 rounded-xl bg-white/20 object-cover"
            />
          )}
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide uppercase opacity-90">{t(`types.${trail.type}`)}</p>
            <h2 className="text-lg leading-tight font-bold break-words">{trail.name}</h2>
            <OfflineMark trailId={trail.id} />
          </div>
        </div>
        <div className="flex flex-col gap-2 text-sm font-medium">
          <div
            role="progressbar"
            aria-label={t('card.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={p.percent}
            className="h-2 overflow-hidden rounded-full bg-white/30"
          >
            <div className="h-full rounded-full bg-white" style={{ width: `${p.percent}%` }} />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span>{t('card.percent', { percent: p.percent })}</span>
            <span>{t('card.xp', { xp: p.xp, total: p.xp_total })}</span>
            <span className="inline-flex items-center gap-1 rounded-full bg-black/25 px-2 py-0.5">
              <Crown />
              <span>{t('card.crowns', { count: p.crowns, total: p.crowns_total })}</span>
            </span>
          </div>
        </div>
      </Link>
    </li>
  );
}
