import { createStore, useStore } from './store';

export type PanelTab = 'notifications' | 'chats';

interface UiState {
  panel: PanelTab | null;
  pausedNotice: boolean;
}

/** Overlays of the default layout, opened from anywhere (header, routes, login). */
export const uiStore = createStore<UiState>({ panel: null, pausedNotice: false });

export const ui = {
  openPanel: (tab: PanelTab) => uiStore.set((s) => ({ ...s, panel: tab })),
  closePanel: () => uiStore.set((s) => ({ ...s, panel: null })),
  showPausedNotice: (open: boolean) => uiStore.set((s) => ({ ...s, pausedNotice: open })),
};

export const useUi = () => useStore(uiStore);
