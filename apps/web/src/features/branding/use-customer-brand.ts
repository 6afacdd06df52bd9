import type { User } from '@cairn/shared/api/accounts';
import { useEffect } from 'react';
import {
  applyCustomerColours,
  applyCustomerManifest,
  saveCustomerLogo,
  saveCustomerPalette,
  setBackgrounds,
} from '../../lib/branding';
import { useProfile } from '../../lib/use-profile';
import { useThemes } from './api';

/**
 * Brands the document for the signed-in user's customer: palette → CSS variables, manifest link, logo kept for
 * the login screen, and the current theme's (first theme's) backgrounds. Every signed-in layout calls it, so a
 * page opened directly (a reload in the player) is branded too.
 */
export function useCustomerBrand(user: User | undefined): void {
  const { data: themes } = useThemes(!!user?.customer);

  useEffect(() => {
    if (!user) return;
    applyCustomerColours(user.customer?.style.colors ?? null);
    saveCustomerPalette(user.customer?.style.colors ?? null);
    applyCustomerManifest(user.customer?.id ?? null);
    saveCustomerLogo(user.customer?.logo[0]?.url ?? null);
  }, [user]);

  useEffect(() => {
    const current = themes?.[0];
    setBackgrounds({ landscape: current?.backgroundLandscape ?? null, portrait: current?.backgroundPortrait ?? null });
  }, [themes]);
}

/**
 * Brands the document for the signed-in user (useCustomerBrand) from a leaf of its own: when the profile or the
 * themes arrive, only this renders again, not the layout around the page (docs/performance.md, Round 8).
 */
export function CustomerBrand(): null {
  useCustomerBrand(useProfile().data);
  return null;
}
