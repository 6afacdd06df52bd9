import { HttpError } from '../../lib/http';
import { i18n } from '../../lib/i18n';
import { navigateTo } from '../../lib/navigation';
import { notify } from '../../lib/notify';

/**
 * A trail that does not exist or is not the user's (a 404 for /games/{id}, /player/{id}, /results/{id}): §8 sends
 * the user to /games, and the toast says why ("That trail is not available") instead of leaving them wondering.
 */
export function leaveUnavailableTrail(): void {
  notify.error(i18n.t('errors:http.trailUnavailable'));
  void navigateTo('/games', { replace: true });
}

/** Whether a failed trail request means the trail is not available to the user. */
export const isUnavailableTrail = (err: unknown): boolean => err instanceof HttpError && err.status === 404;
