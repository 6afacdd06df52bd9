import type { Reward } from '@cairn/shared/api/results';
import { REWARD_SORTS, type RewardSort, sortRewards } from '@cairn/shared/rewards';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waitingForNetwork } from '../../../lib/last-known';
import { notify } from '../../../lib/notify';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { fetchTestRewards, useRewards } from '../api';
import { RewardImage, RewardText } from './RewardBody';
import { RewardPopup } from './RewardPopup';

/** The rewards list with the three sort modes of §9 (itemDate newest first, itemNameAsc, itemNameDesc). */
export function RewardsListView({ rewards }: { rewards: Reward[] }) {
  const { t } = useTranslation('results');
  const [sort, setSort] = useState<RewardSort>('itemDate');
  const selectId = useId();
  if (rewards.length === 0) return <EmptyState>{t('rewards.list.empty')}</EmptyState>;
  return (
    <div>
      <div className="mb-4 flex items-center justify-end gap-2">
        <label htmlFor={selectId} className="text-sm font-semibold text-slate-700">
          {t('rewards.list.sort')}
        </label>
        <select
          id={selectId}
          value={sort}
          onChange={(e) => setSort(e.target.value as RewardSort)}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm"
        >
          {REWARD_SORTS.map((mode) => (
            <option key={mode} value={mode}>
              {t(`rewards.list.sorts.${mode}`)}
            </option>
          ))}
        </select>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {sortRewards(rewards, sort).map((reward) => (
          <li
            key={reward.id}
            data-reward-id={reward.id}
            className={`flex gap-4 rounded-2xl bg-white p-4 ring-1 ${reward.latest ? 'ring-2 ring-accent' : 'ring-slate-200'}`}
          >
            <RewardImage reward={reward} className="size-20" />
            <RewardText reward={reward} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Previews the rewards the learner's trails offer (GET /api/rewards/test; nothing is stored) in the reward carousel,
 * titled "Rewards you can earn": each says "Not earned yet" and how it is earned — not the "Congratulations!"
 * celebration with confetti and an achievement date.
 */
function PreviewButton() {
  const { t } = useTranslation('results');
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Reward[] | null>(null);
  async function preview() {
    setBusy(true);
    try {
      const rewards = await fetchTestRewards();
      if (rewards.length > 0) setShown(rewards);
      else notify.info(t('rewards.list.nothingToPreview'));
    } catch {
      // the http client reported why
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={() => void preview()}>
        {t('rewards.list.preview')}
      </Button>
      {shown && <RewardPopup rewards={shown} preview onClose={() => setShown(null)} />}
    </>
  );
}

/** /me: the signed-in user's rewards. */
export function RewardsList() {
  const { t } = useTranslation(['results', 'common']);
  const query = useRewards();
  return (
    <section aria-labelledby="rewards-heading" className="mb-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="rewards-heading" className="text-xl font-bold">
          {t('rewards.list.title')}
        </h2>
        <PreviewButton />
      </div>
      {waitingForNetwork(query) ? (
        // offline with no copy on this device: not "no rewards yet", which would be false
        <EmptyState>{t('common:offline.notLoaded')}</EmptyState>
      ) : query.isPending ? (
        <Spinner label={t('common:status.loading')} />
      ) : (
        <RewardsListView rewards={query.data ?? []} />
      )}
    </section>
  );
}
