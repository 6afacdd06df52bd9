import { describe, expect, it } from 'vitest';
import { type Actor, isPublicActor } from '../../lib/actor';
import { can as canReference } from '../reference/reference.policy';
import { can } from './accounts.policy';

const actor = (over: Partial<Actor> = {}): Actor => ({
  userId: 1,
  customerId: 10,
  sessionId: 's',
  trailId: null,
  roles: [{ name: 'learner', level: 100 }],
  ...over,
});

describe('accounts policy', () => {
  it('lets users act on their own account only', () => {
    for (const action of ['profile:read', 'profile:update', 'account:delete', 'sessions:revoke'] as const) {
      expect(can(actor(), action, { userId: 1, customerId: 10 })).toBe(true);
      expect(can(actor(), action, { userId: 2, customerId: 10 })).toBe(false);
      expect(can(actor(), action, { userId: 1, customerId: 11 })).toBe(false);
    }
  });

  it('recognises public users by a role named public, in any case', () => {
    expect(isPublicActor(actor({ roles: [{ name: 'Public', level: 10 }] }))).toBe(true);
    expect(isPublicActor(actor())).toBe(false);
  });
});

describe('reference policy', () => {
  it("shows customer-owned rows only to that customer's users", () => {
    expect(canReference(actor(), 'theme:read', { customerId: 10 })).toBe(true);
    expect(canReference(actor(), 'theme:read', { customerId: 11 })).toBe(false);
    expect(canReference(actor(), 'field:write', { customerId: 11 })).toBe(false);
    expect(canReference(actor({ customerId: null }), 'field:read', { customerId: 10 })).toBe(false);
  });
});
