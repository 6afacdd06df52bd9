/** What the rank check of the coach's profile editor compares: a role level and the customer admin flag. */
export interface Rank {
  /** the highest level of the user's roles (0 without a role) */
  level: number;
  /** a customer admin (users.is_admin) */
  isAdmin: boolean;
}

/**
 * Whether a coach may change a user's profile (POST /api/users/{id}): only a user whose role level is below the
 * coach's (a coach of level 500 edits learners, never another coach, an admin or themselves), and a customer admin
 * only when the coach is one too. The customer check comes first (another customer's user is a 404).
 */
export function mayEditProfile(coach: Rank, user: Rank): boolean {
  return user.level < coach.level && (!user.isAdmin || coach.isAdmin);
}
