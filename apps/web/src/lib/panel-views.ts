import { type ComponentType, createContext, useContext } from 'react';

/**
 * The views of other features a side panel's tab set shows (the player's phone tab set of §2: notifications, chats,
 * the trail result). The app's frame lends them (app/shell/panel-views.tsx, provided by the player layout), so the
 * player shows them without importing the features behind them. Without a provider those tabs are not offered.
 */
export interface PanelViews {
  notifications: ComponentType;
  chats: ComponentType;
  result: ComponentType<{ trailId: number; onDone: () => void }>;
}

export const PanelViewsContext = createContext<PanelViews | null>(null);

export const usePanelViews = (): PanelViews | null => useContext(PanelViewsContext);
