// The player feature's public face: what other features may use; everything else in features/player is its own.
export { fetchPebble, pebbleKey, resetTrail, submitAnswers } from './api';
export type { Move } from './components/PebbleForm';
export { PebbleForm } from './components/PebbleForm';
export { TryAgainDialog } from './components/PlayerDialogs';
