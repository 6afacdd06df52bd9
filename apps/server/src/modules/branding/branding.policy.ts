/** Who may change a customer's brand. */
export interface BrandActor {
  customerId: number | null;
  isAdmin: boolean;
  isPublic: boolean;
}

/**
 * The customer admin role of the brand page: a signed-in member of the customer whose profile has is_admin
 * (§3 User). Public users never are, whatever their flags. The customer is always the actor's own: there is
 * no customer id in the request to point elsewhere.
 */
export function canManageBrand(actor: BrandActor): boolean {
  return actor.customerId !== null && actor.isAdmin && !actor.isPublic;
}
