import type { LeaderboardEntry } from '@cairn/shared/api/dashboards';
import { kFormatter } from '@cairn/shared/constants';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../ui/Avatar';
import { personName } from '../api';

/** One place on a leaderboard: rank, avatar, name and the value (kFormatter, §9); the learner's own row stands out. */
export function LeaderboardRow({ entry, unit }: { entry: LeaderboardEntry; unit: string }) {
  const { t } = useTranslation('dashboards');
  const name = personName(entry.user, `#${entry.user.id}`);
  return (
    <li
      className={`flex items-center gap-3 rounded-lg px-2 py-1.5 ${entry.me ? 'bg-amber-50 ring-1 ring-amber-300' : ''}`}
      aria-current={entry.me ? 'true' : undefined}
    >
      <span className="w-8 shrink-0 text-right font-semibold tabular-nums text-slate-700">
        <span className="sr-only">{t('rank')} </span>
        {entry.rank}
      </span>
      <Avatar url={entry.user.avatar} name={name} alt="" size={32} />
      {/* a long name wraps (and hyphenates) rather than being cut off */}
      <span className="min-w-0 flex-1 wrap-break-word hyphens-auto">
        {name}
        {entry.me && <span className="ml-1 text-sm text-slate-600">({t('you')})</span>}
      </span>
      <span className="shrink-0 font-semibold tabular-nums" title={String(entry.value)}>
        {kFormatter(entry.value)} <span className="text-sm font-normal text-slate-600">{unit}</span>
      </span>
    </li>
  );
}
