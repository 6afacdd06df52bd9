import type { ThemeBackground } from '@cairn/shared/api/reference';
import { brandVariables, type Palette } from '@cairn/shared/branding';
import { IMAGE_SIZES, imageUrl } from '@cairn/shared/media';
import { useSyncExternalStore } from 'react';
import { createStore } from './store';

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

const PALETTE_KEY = 'cairn.customerPalette';

/** Remembers the signed-in user's palette, so a reload (offline too) is branded before the profile arrives. */
export function saveCustomerPalette(colours: Palette | null): void {
  try {
    if (colours) localStorage.setItem(PALETTE_KEY, JSON.stringify(colours));
    else localStorage.removeItem(PALETTE_KEY);
  } catch {
    // storage unavailable: the default colours show until the profile loads
  }
}

export function readCustomerPalette(): Palette | null {
  try {
    const raw = localStorage.getItem(PALETTE_KEY);
    const p = raw ? (JSON.parse(raw) as Palette) : null;
    return p?.color0 && p.color2 ? p : null;
  } catch {
    return null;
  }
}

/** The variables applied now and their values: applying the same palette again touches nothing. */
let applied: Record<string, string> = {};

/**
 * Applies a customer palette as the CSS variables every screen draws with (header band, buttons, active
 * navigation, badges, panels, toasts, the player's pebble colours); null restores the default orange.
 * Shades are adjusted for WCAG AA by brandVariables (docs/branding.md).
 */
export function applyCustomerColours(colours: Palette | null): void {
  const next: Record<string, string> = colours ? brandVariables(colours) : {};
  // the same palette again (the stored one at start, then the profile's): no style change, so no style
  // recalculation of the whole document while the first screen renders
  if (sameEntries(applied, next)) return;
  const root = document.documentElement.style;
  for (const v of Object.keys(applied)) root.removeProperty(v);
  for (const [k, v] of Object.entries(next)) root.setProperty(k, v);
  applied = next;
  setThemeColourMeta(colours ? `rgb(${root.getPropertyValue('--accent-2').split(' ').join(',')})` : null);
}

function sameEntries(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

const DEFAULT_THEME_COLOUR = '#263238';
function setThemeColourMeta(colour: string | null) {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta) meta.content = colour ?? DEFAULT_THEME_COLOUR;
}

/** Points the manifest link at the customer's manifest (its name and colour), or back at the default. */
export function applyCustomerManifest(customerId: number | null): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.href = customerId === null ? '/manifest.webmanifest' : `/manifest.webmanifest?customer=${customerId}`;
}

/** The theme's two backgrounds, shown behind the main area (landscape or portrait by the screen's orientation). */
export interface Backgrounds {
  landscape: ThemeBackground | null;
  portrait: ThemeBackground | null;
}

const backgrounds = createStore<Backgrounds>({ landscape: null, portrait: null });

export function setBackgrounds(b: Backgrounds): void {
  // the same backgrounds again (every layout sets them when the themes arrive): no re-render of the main area
  if (JSON.stringify(b) === JSON.stringify(backgrounds.get())) return;
  backgrounds.set(b);
}

export function useBackgrounds(): Backgrounds {
  return useSyncExternalStore(backgrounds.subscribe, backgrounds.get, backgrounds.get);
}

/** The resized image (1600x900 or 900x1600 cover, §9) and the brightness overlay colour of a background. */
export function backgroundLayers(bg: ThemeBackground, orientation: 'landscape' | 'portrait') {
  const { r, g, b, a } = bg.brightness;
  return {
    image: imageUrl(
      bg.url,
      orientation === 'landscape' ? IMAGE_SIZES.backgroundLandscape : IMAGE_SIZES.backgroundPortrait,
    ),
    overlay: `rgba(${r}, ${g}, ${b}, ${Math.min(1, Math.max(0, a))})`,
  };
}
