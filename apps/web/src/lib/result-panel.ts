import { createStore, useStore } from './store';

export interface ResultTarget {
  trailId: number;
  userId: number;
}

/** The trail result panel (§2), opened from the player, the trail detail or a notification. */
export const resultPanelStore = createStore<ResultTarget | null>(null);

export const resultPanel = {
  open: (target: ResultTarget) => resultPanelStore.set(target),
  close: () => resultPanelStore.set(null),
};

export const useResultPanel = () => useStore(resultPanelStore);
