// The games feature's public face: what other features may use; everything else in features/games is its own.
export { Crown } from './components/Crown';
export { TrailCard } from './components/TrailCard';
