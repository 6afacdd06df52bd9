import type { Actor } from '../../lib/actor';

export type ReferenceAction = 'theme:read' | 'field:read' | 'field:write';

/** A customer-owned reference row (theme, profile field definition). */
export interface CustomerOwned {
  customerId: number;
}

/** Customer-owned reference data is visible only to that customer's users; field values only to their owner. */
export function can(actor: Actor, action: ReferenceAction, resource: CustomerOwned): boolean {
  switch (action) {
    case 'theme:read':
    case 'field:read':
    case 'field:write':
      return actor.customerId !== null && actor.customerId === resource.customerId;
  }
}
