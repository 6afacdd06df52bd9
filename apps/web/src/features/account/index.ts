// The account feature's public face: what other features may use; everything else in features/account is its own.
export { canSeeResults, useCountries, useMarkSeen, useSupportedLanguages } from './api';
export { PublicExit } from './components/PublicExit';
export { endSession } from './session-actions';
