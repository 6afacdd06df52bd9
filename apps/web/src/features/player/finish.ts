import { http } from '../../lib/http';
import { navigateTo } from '../../lib/navigation';
import { session } from '../../lib/session';

/**
 * §4 finishing for a public user: the throw-away account is destroyed and the session cleared, then the
 * user goes to the pebble's redirect_url, or stays on /thank-you when there is none. Landing on
 * /thank-you first keeps the guards from sending the signed-out user to login while the redirect loads.
 */
export async function finishPublic(redirectUrl: string | null): Promise<void> {
  try {
    await http.del('/api/destroy', { handle: [401, 403, 404, 422, 429, 498, 500] });
  } catch {
    // the local session ends whatever the server says
  }
  await session.handOff('/thank-you', () => navigateTo('/thank-you', { replace: true }), 'logout');
  if (redirectUrl) window.location.assign(redirectUrl);
}
