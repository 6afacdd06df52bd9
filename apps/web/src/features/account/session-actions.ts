import { http } from '../../lib/http';
import { navigateTo } from '../../lib/navigation';
import { session } from '../../lib/session';

/** §4 logout: tell the server, go to /login, then clear the session (cache clean-up runs on session end). */
export async function logout(): Promise<void> {
  try {
    await http.del('/api/logout', { handle: [401, 403, 404, 422, 429, 498, 500] });
  } catch {
    // the local session ends whatever the server says
  }
  await session.handOff('/login', () => navigateTo('/login'), 'logout');
}

/** A public user leaving their trail: the server forgets the throw-away account and the user lands on thank-you. */
export async function exitPublicSession(): Promise<void> {
  try {
    await http.del('/api/destroy', { handle: [401, 403, 404, 422, 429, 498, 500] });
  } catch {
    // nothing left to do for a session that is gone anyway
  }
  await session.handOff('/thank-you', () => navigateTo('/thank-you'), 'logout');
}
