import type { Progress } from '@cairn/shared/api/trails';
import type { Palette } from '@cairn/shared/branding';
import type { TrailType } from '@cairn/shared/minerals';
import { isHttpUrl } from '@cairn/shared/text';
import { readCustomerPalette } from '../../lib/branding';
import { navigateTo } from '../../lib/navigation';
import { endSession } from '../account';

/** What the thank-you page shows a public user whose session has just ended: their score and their brand. */
export interface PublicFarewell {
  progress: Progress | null;
  palette: Palette | null;
}

let farewell: PublicFarewell | null = null;

/** The farewell of the trail just finished in this tab (kept for the thank-you page; a reload forgets it). */
export const publicFarewell = (): PublicFarewell | null => farewell;

/**
 * §4 finishing for a public user: the throw-away account is destroyed and the session cleared, then the
 * user goes to the pebble's redirect_url, or stays on /thank-you when there is none. Landing on
 * /thank-you first keeps the guards from sending the signed-out user to login while the redirect loads.
 * The score and the customer's palette are kept first: the session's end clears the stored palette.
 */
export async function finishPublic(redirectUrl: string | null, progress: Progress | null = null): Promise<void> {
  farewell = { progress, palette: readCustomerPalette() };
  await endSession('/api/destroy', '/thank-you', () => navigateTo('/thank-you', { replace: true }));
  // http(s) only: the server refuses any other redirect_url on import, and the page does not trust it either
  if (redirectUrl && isHttpUrl(redirectUrl)) window.location.assign(redirectUrl);
}

/**
 * The finish prompt's words (player namespace keys) for the trail type: an exam or a battle is passed or not; a
 * survey or an assessment has no pass mark to reach (every valid answer passes, docs/scoring.md), so it is
 * completed and the learner is thanked instead of told they "passed".
 */
export function finishWords(type: TrailType, passed: boolean) {
  if (type === 'survey') return { body: 'finished.bodySurvey', verdict: 'finished.thanks' } as const;
  if (type === 'assessment') return { body: 'finished.bodyAssessment', verdict: 'finished.thanks' } as const;
  return { body: 'finished.body', verdict: passed ? 'finished.passed' : 'finished.notPassed' } as const;
}
