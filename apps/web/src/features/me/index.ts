// The me feature's public face: what other features may use; everything else in features/me is its own.
export { default as ProfileEditScreen } from './components/ProfileEditScreen';
