import type { AppNotification } from '@cairn/shared/api/results';
import { createStore, useStore } from '../../lib/store';

/** The NOTIFY_RBO notification whose popup is open (§4 peer rating notification), or null. */
export const rboPopupStore = createStore<AppNotification | null>(null);
export const rboPopup = {
  show: (n: AppNotification) => rboPopupStore.set(n),
  close: () => rboPopupStore.set(null),
};
export const useRboPopup = () => useStore(rboPopupStore);
