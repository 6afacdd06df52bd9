import type { Actor } from '../../lib/actor';

export type TrailAction = 'trail:play' | 'trail:reset';

/** What the policy needs to know about a trail for one actor. */
export interface TrailAccess {
  id: number;
  customerId: number;
  /** the trail is assigned to the actor */
  assigned: boolean;
}

/**
 * A learner plays and resets only trails of their own customer that are assigned to them;
 * a public user only the trail of their link. (trails.repo.ts `playableBy` is the same rule in SQL.)
 */
export function can(actor: Actor, _action: TrailAction, trail: TrailAccess): boolean {
  if (actor.customerId === null || actor.customerId !== trail.customerId) return false;
  return trail.assigned || actor.trailId === trail.id;
}
