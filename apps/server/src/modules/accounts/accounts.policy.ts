import type { Actor } from '../../lib/actor';

export type AccountAction = 'profile:read' | 'profile:update' | 'account:delete' | 'sessions:revoke';

export interface AccountResource {
  userId: number;
  customerId: number | null;
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
