import { isLightColour } from '@cairn/shared/constants';

const LOGO_KEY = 'cairn.customerLogo';
export const DEFAULT_LOGO = '/logo.svg';

/** Remembers the customer's logo so the login screen can show it before anyone signs in. */
export function saveCustomerLogo(url: string | null): void {
  try {
    if (url) localStorage.setItem(LOGO_KEY, url);
    else localStorage.removeItem(LOGO_KEY);
  } catch {
    // storage unavailable: the default logo is shown instead
  }
}

export function readCustomerLogo(): string | null {
  try {
    return localStorage.getItem(LOGO_KEY);
  } catch {
    return null;
  }
}

type Rgb = { r: number; g: number; b: number };
const triplet = (c: Rgb) => `${c.r} ${c.g} ${c.b}`;

/** Applies a customer's colours as CSS variables; null restores the default orange. */
export function applyCustomerColours(colours: { color0: Rgb; color2: Rgb } | null): void {
  const root = document.documentElement.style;
  if (!colours) {
    for (const v of ['--accent', '--accent-2', '--on-accent']) root.removeProperty(v);
    return;
  }
  const { color0, color2 } = colours;
  root.setProperty('--accent', triplet(color0));
  root.setProperty('--accent-2', triplet(color2));
  root.setProperty('--on-accent', isLightColour(color0) ? '17 24 39' : '255 255 255');
}
