// The auth feature's public face: what other features may use; everything else in features/auth is its own.
export { publicLogin } from './api';
export { completeLogin } from './complete-login';
