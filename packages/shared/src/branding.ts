import { isLightColour } from './constants';

/** An sRGB colour with channels 0..255, as the customer palette stores it (§3). */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const TEXT_DARK: Rgb = { r: 0, g: 0, b: 0 };
export const TEXT_LIGHT: Rgb = { r: 255, g: 255, b: 255 };
/** WCAG 2.x AA for normal text. */
export const AA_CONTRAST = 4.5;

function channel(v: number): number {
  const s = Math.min(255, Math.max(0, v)) / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(c: Rgb): number {
  return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

/** WCAG contrast ratio between two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Text colour on a brand colour: the §9 luminance rule (dark text above 127.5, light otherwise). */
export function textOn(c: Rgb): Rgb {
  return isLightColour(c) ? TEXT_DARK : TEXT_LIGHT;
}

function mix(c: Rgb, toward: Rgb, t: number): Rgb {
  return {
    r: Math.round(c.r + (toward.r - c.r) * t),
    g: Math.round(c.g + (toward.g - c.g) * t),
    b: Math.round(c.b + (toward.b - c.b) * t),
  };
}

/**
 * A brand colour and the text on it. The text follows the §9 rule; when the pair would fail
 * WCAG AA, the shade of the brand colour moves away from the text (darker under light text,
 * lighter under dark text) in small steps until it passes. The text is never changed, and the
 * adjusted shade keeps the same side of the 127.5 rule, so text and shade stay consistent.
 */
export function accessibleBrand(c: Rgb, min: number = AA_CONTRAST): { background: Rgb; text: Rgb } {
  const text = textOn(c);
  const away = text === TEXT_LIGHT ? TEXT_DARK : TEXT_LIGHT;
  for (let step = 0; step <= 100; step++) {
    const background = mix(c, away, step / 100);
    if (contrastRatio(background, text) >= min) return { background, text };
  }
  return { background: away, text };
}

/** `r g b` for a CSS variable used as `rgb(var(--x))`. */
export function cssRgb(c: Rgb): string {
  return `${c.r} ${c.g} ${c.b}`;
}
