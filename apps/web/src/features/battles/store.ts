import type { AppNotification } from '@cairn/shared/api/results';
import { useEffect } from 'react';
import { i18n } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { createStore, useStore } from '../../lib/store';

/**
 * The battle on screen (docs/battles.md, "No interruptions"): `play` while its questions, reveals or waiting show,
 * `summary` while its summary shows; null elsewhere. While a battle plays nothing blocking appears: the popups
 * wait in their stores (LiveHost shows them once play ends).
 */
export type BattleFocus = { battleId: number; view: 'play' | 'summary' };
export const battleFocusStore = createStore<BattleFocus | null>(null);
export const useBattleFocus = () => useStore(battleFocusStore);
/** Whether popups must wait: a battle is being played. */
export const usePlayQuiet = () => useStore(battleFocusStore, (f) => f?.view === 'play');

/** Marks battle `battleId` as on screen (`view`) while the calling component is mounted. */
export function useFocusBattle(battleId: number | null, view: BattleFocus['view']): void {
  useEffect(() => {
    if (battleId === null) return;
    const focus = { battleId, view };
    battleFocusStore.set(focus);
    return () => battleFocusStore.set((f) => (f === focus ? null : f));
  }, [battleId, view]);
}

/** §4: a player's name in battle popups and scoreboards, cut to 10 characters plus an ellipsis. */
export function shortName(name: string): string {
  const chars = [...name];
  return chars.length > 10 ? `${chars.slice(0, 10).join('')}…` : name;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * What a battle notification about the battle on screen becomes: "Challenge accepted" and "battle finished" a
 * toast while it plays and nothing while its summary shows (the screen itself shows it); null: its popup.
 */
function onScreen(n: AppNotification): 'toast' | 'nothing' | null {
  const focus = battleFocusStore.get();
  const type = str(n.data.type);
  if (!focus || Number(n.data.battle_id) !== focus.battleId) return null;
  if (type !== 'accepted' && type !== 'finished') return null;
  return focus.view === 'play' ? 'toast' : 'nothing';
}

/** The NOTIFY_BATTLE notification whose popup is open (§4 battle notification), or null. */
export const battlePopupStore = createStore<AppNotification | null>(null);
export const battlePopup = {
  show: (n: AppNotification) => {
    const instead = onScreen(n);
    if (instead === 'toast') {
      const vars = { player: shortName(str(n.data.player)), trail: str(n.data.trail) };
      notify.info(i18n.t(`battles:popup.${str(n.data.type) as 'accepted' | 'finished'}`, vars));
    }
    if (instead === null) battlePopupStore.set(n);
  },
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
