// The profile feature's public face: what other features may use; everything else in features/profile is its own.
export { useUserFields } from './api';
export { DeleteAccount } from './components/DeleteAccount';
export { ProfileFields } from './components/ProfileFields';
export { missingCheckpoints } from './fields';
export { useProfileForm } from './use-profile-form';
