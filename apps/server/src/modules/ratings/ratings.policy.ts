import { type Actor, isCoach, isPublicActor } from '../../lib/actor';

/** What the policy needs to know about an answer someone wants to rate. */
export interface RatedAnswer {
  playerId: number;
  customerId: number | null;
  /** the actor was asked to rate it (an rbo_requests row) */
  asked: boolean;
}

export type RateRefusal = 'not_found' | 'own_answer' | 'not_asked' | null;

/**
 * Who may see and rate an answer to an RBO pebble (docs/ratings.md): never across customers (404), never one's
 * own answer, never a public user; a peer who was asked, or a coach of the customer, who may always rate.
 */
export function rateRefusal(actor: Actor, answer: RatedAnswer): RateRefusal {
  if (actor.customerId === null || actor.customerId !== answer.customerId) return 'not_found';
  if (actor.userId === answer.playerId) return 'own_answer';
  if (isPublicActor(actor)) return 'not_asked';
  if (answer.asked || isCoach(actor)) return null;
  return 'not_asked';
}
