import { isPublicRoleName } from '@cairn/shared';
import type { Actor } from './sessions.service';

export type AccountAction = 'profile:read' | 'profile:update' | 'account:delete' | 'sessions:revoke';

export interface AccountResource {
  userId: number;
  customerId: number | null;
}

/** True when the actor signed in through a public link (any role named public, §5). */
export function isPublicActor(actor: Pick<Actor, 'roles'>): boolean {
  return actor.roles.some((r) => isPublicRoleName(r.name));
}

/** Who may do what with an account: only its owner, within the owner's customer. */
export function can(actor: Actor, action: AccountAction, resource: AccountResource): boolean {
  switch (action) {
    case 'profile:read':
    case 'profile:update':
    case 'account:delete':
    case 'sessions:revoke':
      return actor.userId === resource.userId && actor.customerId === resource.customerId;
  }
}
