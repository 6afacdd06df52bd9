import type { Reward } from '@cairn/shared/api/results';
import { createStore, useStore } from '../../lib/store';

interface RewardsUi {
  /** the rewards the popup celebrates; empty = closed */
  popup: Reward[];
  /** the first-reward message, shown 500 ms after a popup with a first_time reward closed */
  firstMessage: boolean;
}

export const rewardsUiStore = createStore<RewardsUi>({ popup: [], firstMessage: false });

/** Reward ids already celebrated in this tab: a reward arriving twice (event and refetch) pops up once. */
const shown = new Set<number>();

export const rewardsUi = {
  /**
   * Queues rewards for the popup, leaving out those already shown (unless `again`: the user asked to see them,
   * from the notification list); returns how many were added.
   */
  show(rewards: Reward[], opts: { again?: boolean } = {}): number {
    // in the order they were earned (the API lists newest first)
    const fresh = rewards
      .filter((r) => opts.again || r.id < 0 || !shown.has(r.id))
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || Math.abs(a.id) - Math.abs(b.id));
    if (fresh.length === 0) return 0;
    for (const r of fresh) shown.add(r.id);
    rewardsUiStore.set((s) => ({ ...s, popup: [...s.popup, ...fresh] }));
    return fresh.length;
  },
  /** Closing clears the rewards (§4); the caller schedules the first-reward message. */
  clear: () => rewardsUiStore.set((s) => ({ ...s, popup: [] })),
  showFirstMessage: (open: boolean) => rewardsUiStore.set((s) => ({ ...s, firstMessage: open })),
};

export const useRewardsUi = () => useStore(rewardsUiStore);
