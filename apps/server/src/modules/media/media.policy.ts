import { type Actor, isPublicActor } from '../../lib/actor';

export type MediaAction = 'read' | 'write';

/** A vault folder or a media file, as far as access is concerned. */
export interface MediaResource {
  customerId: number;
  /** the owner; null for a customer-shared folder */
  ownerId: number | null;
  /** the file lies in a customer-shared folder */
  shared: boolean;
}

/** Coaches and admins (level above 400) curate the customer-shared folders. */
export function isCurator(actor: Pick<Actor, 'roles'>): boolean {
  return actor.roles.some((r) => r.level > 400);
}

/**
 * Own things: read and write; customer-shared things: every member of the customer reads, curators write. A public
 * user (anyone holding a public link) has their own files only (the answers' uploads), never the shared vaults.
 */
export function can(actor: Actor, action: MediaAction, r: MediaResource): boolean {
  if (actor.customerId === null || actor.customerId !== r.customerId) return false;
  if (r.ownerId === actor.userId) return true;
  if (!r.shared || isPublicActor(actor)) return false;
  return action === 'read' || isCurator(actor);
}
