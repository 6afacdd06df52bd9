import { useQuery } from '@tanstack/react-query';
import { PROFILE_QUERY } from './profile';
import { useSession } from './session';

/** The signed-in user's profile; idle while nobody is signed in. */
export function useProfile() {
  const { authenticated } = useSession();
  return useQuery({ ...PROFILE_QUERY, enabled: authenticated });
}
