// The player feature's public face: what other features may use; everything else in features/player is its own.
export type { Move } from './components/PebbleForm';
export { PebbleForm } from './components/PebbleForm';
