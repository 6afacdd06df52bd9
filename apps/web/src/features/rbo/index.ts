// The rbo feature's public face: what other features may use; everything else in features/rbo is its own.
export { usePoll } from './api';
export { ChatWithButton } from './components/ChatWithButton';
export { RatingsView } from './components/RatingsView';
export { rboPopup } from './store';
