import { type Actor, isCoach } from '../../lib/actor';

export type ResultsAction = 'results:read' | 'results:reset' | 'results:pdf';

/** What the policy needs to know about the learner whose results are asked for. */
export interface ResultsOwner {
  id: number;
  customerId: number | null;
}

/**
 * A learner reads, resets and requests PDFs of their own results; a coach (role level > 400) does so for
 * the learners of their own customer. Everyone else is refused (the routes answer 404 across customers).
 */
export function can(actor: Actor, _action: ResultsAction, owner: ResultsOwner): boolean {
  if (actor.userId === owner.id) return true;
  if (actor.customerId === null || actor.customerId !== owner.customerId) return false;
  return isCoach(actor);
}
