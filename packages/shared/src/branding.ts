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

const WHITE: Rgb = TEXT_LIGHT;

/**
 * The brand colour used as text (links, ticks, icons) on the app's white surfaces: the same hue, darkened
 * in 1 % steps until it reaches AA against white. Light brand colours (the default orange) need this; dark
 * ones are returned as they are.
 */
export function inkOnWhite(c: Rgb, min: number = AA_CONTRAST): Rgb {
  for (let step = 0; step <= 100; step++) {
    const ink = mix(c, TEXT_DARK, step / 100);
    if (contrastRatio(ink, WHITE) >= min) return ink;
  }
  return TEXT_DARK;
}

/** `#rrggbb` of a colour (the customer's attributes.color, the manifest's theme colour). */
export function hexOf(c: Rgb): string {
  return `#${[c.r, c.g, c.b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The two colours of a customer palette (§3 colors.color0, colors.color2). */
export interface Palette {
  color0: Rgb;
  color2: Rgb;
}

/**
 * The CSS variables a palette sets on the document (values `r g b`, used as `rgb(var(--x))`):
 * `--accent` / `--on-accent` (buttons, active navigation, badges) from color0, `--accent-2` / `--on-accent-2`
 * (header band, panel headings) from color2, each pair through `accessibleBrand`; `--accent-ink` (brand-coloured
 * text on white) through `inkOnWhite`; and the player's pebble style colours `--pebble-0` to `--pebble-3`
 * (color0, a lighter color0, color2, a lighter color2) for pebbles whose trail sets no style of its own.
 */
export function brandVariables(p: Palette): Record<string, string> {
  const a = accessibleBrand(p.color0);
  const b = accessibleBrand(p.color2);
  return {
    '--accent': cssRgb(a.background),
    '--on-accent': cssRgb(a.text),
    '--accent-2': cssRgb(b.background),
    '--on-accent-2': cssRgb(b.text),
    '--accent-ink': cssRgb(inkOnWhite(p.color0)),
    ...pebbleVariables({
      color0: p.color0,
      color1: mix(p.color0, WHITE, 0.75),
      color2: p.color2,
      color3: mix(p.color2, WHITE, 0.75),
    }),
  };
}

/** Pebble style colours color0..color3 (§3) as `--pebble-0..3`. */
export function pebbleVariables(s: { color0: Rgb; color1: Rgb; color2: Rgb; color3: Rgb }): Record<string, string> {
  return {
    '--pebble-0': cssRgb(s.color0),
    '--pebble-1': cssRgb(s.color1),
    '--pebble-2': cssRgb(s.color2),
    '--pebble-3': cssRgb(s.color3),
  };
}

/** Parses a `#rrggbb` colour (colour inputs); null when malformed. */
export function rgbOfHex(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  return m ? { r: parseInt(m[1], 16), g: parseInt(m[2], 16), b: parseInt(m[3], 16) } : null;
}
