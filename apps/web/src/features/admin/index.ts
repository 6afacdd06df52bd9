import type { User } from '@cairn/shared/api/accounts';

// The admin feature's public face: who is a customer admin (the header's Admin entry, the admin layout).

/** True for a customer admin (§3 `is_admin` of their customer): the Admin entry and the /admin screens. */
export function isAdminUser(user: User | undefined): boolean {
  return !!user?.is_admin && !!user.customer;
}

/** True for whoever gets the Admin entry: customer admins, and the deployment's operators (is_root). */
export function canOpenAdmin(user: User | undefined): boolean {
  return isAdminUser(user) || !!user?.is_root;
}
