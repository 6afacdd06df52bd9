import type { AppNotification } from '@cairn/shared/api/results';
import { createStore, useStore } from '../../lib/store';

/** The NOTIFY_BATTLE notification whose popup is open (§4 battle notification), or null. */
export const battlePopupStore = createStore<AppNotification | null>(null);
export const battlePopup = {
  show: (n: AppNotification) => battlePopupStore.set(n),
  close: () => battlePopupStore.set(null),
};
export const useBattlePopup = () => useStore(battlePopupStore);

/** The DUE_DATE / START_DATE notice whose popup is open, or null. */
export const datePopupStore = createStore<AppNotification | null>(null);
export const datePopup = {
  show: (n: AppNotification) => datePopupStore.set(n),
  close: () => datePopupStore.set(null),
};
export const useDatePopup = () => useStore(datePopupStore);

/** The battle whose result the side panel shows (§2 battle result view), or null. */
const resultStore = createStore<number | null>(null);
export const battleResultPanel = {
  open: (battleId: number) => resultStore.set(battleId),
  close: () => resultStore.set(null),
};
export const useBattleResultPanel = () => useStore(resultStore);
