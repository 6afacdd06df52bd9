import type { DashboardEndpoint, MeDashboard } from '@cairn/shared/api/dashboards';
import { kFormatter } from '@cairn/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardOverlay } from './DashboardOverlay';
import { LeaderboardRow } from './LeaderboardRow';

/** The learner's totals: xp, crowns (the §9 crown colour), trails completed of assigned. */
export function MeTotals({ totals }: { totals: MeDashboard['totals'] }) {
  const { t } = useTranslation('dashboards');
  const items = [
    { key: 'xp', value: kFormatter(totals.xp), label: t('totals.xp'), full: totals.xp },
    { key: 'crowns', value: kFormatter(totals.crowns), label: t('totals.crowns'), full: totals.crowns },
    {
      key: 'trails',
      value: `${kFormatter(totals.trails_completed)} / ${kFormatter(totals.trails_assigned)}`,
      label: t('totals.trails'),
      full: totals.trails_completed,
    },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3" data-testid="me-totals">
      {items.map((i) => (
        <div key={i.key} className="rounded-2xl bg-white p-3 text-center ring-1 ring-slate-200 sm:p-4">
          <dt className="text-sm text-slate-600">{i.label}</dt>
          <dd
            className={`text-2xl font-bold tabular-nums ${i.key === 'crowns' ? 'text-[rgb(161,131,0)]' : ''}`}
            title={String(i.full)}
            data-total={i.key}
          >
            {i.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The dashboard cards of /me: each leaderboard's top three and the learner's place; a card opens its overlay. */
export function DashboardCards({ cards }: { cards: MeDashboard['cards'] }) {
  const { t } = useTranslation('dashboards');
  const [open, setOpen] = useState<DashboardEndpoint | null>(null);
  return (
    <section aria-labelledby="dashboard-cards-title">
      <h2 id="dashboard-cards-title" className="mb-3 text-xl font-bold">
        {t('title')}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {cards.map((card) => {
          const unit = (n: number) => t(`cards.${card.metric}.unit`, { count: n });
          const mineShown = card.mine && !card.top.some((e) => e.me);
          return (
            <article
              key={card.endpoint}
              className="flex min-w-0 flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
              data-card={card.endpoint}
            >
              <h3 className="font-semibold">{t(`cards.${card.metric}.title`)}</h3>
              {card.top.length === 0 ? (
                <p className="text-sm text-slate-600">{t('empty')}</p>
              ) : (
                <ol className="flex flex-col gap-1">
                  {card.top.map((e) => (
                    <LeaderboardRow key={e.user.id} entry={e} unit={unit(e.value)} />
                  ))}
                </ol>
              )}
              {mineShown && card.mine && (
                <ol className="border-t border-slate-200 pt-2" aria-label={t('yourPlace')}>
                  <LeaderboardRow entry={card.mine} unit={unit(card.mine.value)} />
                </ol>
              )}
              <button
                type="button"
                className="mt-auto self-start text-sm font-semibold underline underline-offset-4"
                onClick={() => setOpen(card.endpoint)}
              >
                {t('seeAll', { count: card.total, title: t(`cards.${card.metric}.title`) })}
              </button>
            </article>
          );
        })}
      </div>
      {open && <DashboardOverlay endpoint={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
