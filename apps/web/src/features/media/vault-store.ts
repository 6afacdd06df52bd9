import { createStore, useStore } from '../../lib/store';

/** Whether the media vault modal is open; opened from the header menu and /me/edit. */
export const vaultStore = createStore(false);

export const vault = {
  open: () => vaultStore.set(true),
  close: () => vaultStore.set(false),
};

export const useVaultOpen = () => useStore(vaultStore);
