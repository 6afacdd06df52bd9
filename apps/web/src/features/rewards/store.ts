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
/** The trail whose end screen shows its rewards itself (docs/player.md, "End screen"): they never pop up over it. */
let heldTrail: number | null = null;

export const rewardsUi = {
  /**
   * Queues rewards for the popup, leaving out those already shown (unless `again`: the user asked to see them,
   * from the notification list); returns how many were added.
   */
  show(rewards: Reward[], opts: { again?: boolean } = {}): number {
    // in the order they were earned (the API lists newest first)
    const fresh = rewards
      .filter((r) => opts.again || r.id < 0 || !shown.has(r.id))
      .filter((r) => opts.again || r.trail_id !== heldTrail)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || Math.abs(a.id) - Math.abs(b.id));
    if (fresh.length === 0) return 0;
    // a reward shown again (reopened from the list) is celebrated, but "Your first reward!" follows only once
    const queued = fresh.map((r) => (shown.has(r.id) && r.first_time ? { ...r, first_time: false } : r));
    for (const r of fresh) shown.add(r.id);
    rewardsUiStore.set((s) => ({ ...s, popup: [...s.popup, ...queued] }));
    return fresh.length;
  },
  /**
   * The end screen of trail `trailId` celebrates its rewards in its own carousel: while it shows (null: no longer),
   * they do not pop up, and those already queued leave the popup (marked shown, so they do not come back after).
   */
  hold(trailId: number | null) {
    heldTrail = trailId;
    if (trailId === null) return;
    rewardsUiStore.set((s) => {
      const rest = s.popup.filter((r) => r.trail_id !== trailId || r.id < 0);
      return rest.length === s.popup.length ? s : { ...s, popup: rest };
    });
  },
  /** Marks rewards as celebrated (the end screen showed them): a later event or refetch does not pop them up. */
  seen(rewards: Reward[]) {
    for (const r of rewards) shown.add(r.id);
  },
  /** Closing clears the rewards (§4); the caller schedules the first-reward message. */
  clear: () => rewardsUiStore.set((s) => ({ ...s, popup: [] })),
  showFirstMessage: (open: boolean) => rewardsUiStore.set((s) => ({ ...s, firstMessage: open })),
};

export const useRewardsUi = () => useStore(rewardsUiStore);
