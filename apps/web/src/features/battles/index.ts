// The battles feature's public face: what other features may use; everything else in features/battles is its own.
export { battlesKey, useMyBattles } from './api';
export { BattleRecord } from './components/BattleRecord';
export { TrailBattles } from './components/TrailBattles';
export { battlePopup, battlePopupStore, datePopup, datePopupStore, usePlayQuiet } from './store';
