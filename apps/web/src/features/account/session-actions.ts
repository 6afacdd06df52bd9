import { http } from '../../lib/http';
import { navigateTo } from '../../lib/navigation';
import { session } from '../../lib/session';

/**
 * Ends the session on the server (`DELETE url`), then here once `target` is reached (cache clean-up runs on session
 * end). Requests still in flight with the old token are answered 401 meanwhile: the session is marked retiring
 * first, so those refusals do not read as an expired session.
 */
export async function endSession(
  url: '/api/logout' | '/api/destroy',
  target: string,
  go: () => Promise<void> = () => navigateTo(target),
): Promise<void> {
  session.retire();
  try {
    await http.del(url, { handle: [401, 403, 404, 422, 429, 498, 500] });
  } catch {
    // the local session ends whatever the server says
  }
  await session.handOff(target, go, 'logout');
}

/** §4 logout: tell the server, go to /login, then clear the session. */
export const logout = (): Promise<void> => endSession('/api/logout', '/login');

/** A public user leaving their trail: the server forgets the throw-away account and the user lands on thank-you. */
export const exitPublicSession = (): Promise<void> => endSession('/api/destroy', '/thank-you');
