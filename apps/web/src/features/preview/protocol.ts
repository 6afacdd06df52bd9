import type { ThemeBackground } from '@cairn/shared/api/reference';
import type { Palette, Rgb } from '@cairn/shared/branding';

/**
 * The preview protocol (docs/branding.md). A customer-side tool (the in-app brand page, or the customer's own
 * site when its origin is in PREVIEW_ORIGINS) frames /preview/... and posts
 *
 *   { type: 'cairn:preview', colors?: { color0: {r,g,b}, color2: {r,g,b} } | null,
 *     backgroundLandscape?: { url, brightness: {r,g,b,a} } | null, backgroundPortrait?: … | null,
 *     logo?: string | null }
 *
 * Keys left out keep their value; null resets to the default. The preview answers `{ type: 'cairn:preview-ready' }`
 * to its parent once it listens. Messages from any other origin are ignored, as are malformed ones.
 */
export const PREVIEW_MESSAGE = 'cairn:preview';
export const PREVIEW_READY = 'cairn:preview-ready';

export interface PreviewState {
  colors: Palette | null;
  backgroundLandscape: ThemeBackground | null;
  backgroundPortrait: ThemeBackground | null;
  logo: string | null;
}

export const EMPTY_PREVIEW: PreviewState = {
  colors: null,
  backgroundLandscape: null,
  backgroundPortrait: null,
  logo: null,
};

/** Same origin always counts (the in-app brand page); otherwise the origin must be listed exactly. */
export function isAllowedOrigin(origin: string, own: string, allowed: readonly string[]): boolean {
  return origin === own || allowed.includes(origin);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const channel = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 255;

function rgb(v: unknown): Rgb | undefined {
  return isObject(v) && channel(v.r) && channel(v.g) && channel(v.b)
    ? { r: v.r as number, g: v.g as number, b: v.b as number }
    : undefined;
}

/** Images the app may show (CSP img-src 'self' data:): stored files, other same-site paths, data: images. */
function imageRef(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.length > 2_000_000) return undefined;
  if (/^\/(?!\/)[^\s"'()\\]*$/.test(v) && !v.includes('..')) return v;
  if (/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(v)) return v;
  return undefined;
}

function background(v: unknown): ThemeBackground | null | undefined {
  if (v === null) return null;
  if (!isObject(v) || !isObject(v.brightness)) return undefined;
  const url = imageRef(v.url);
  const { r, g, b, a } = v.brightness;
  if (!url || !channel(r) || !channel(g) || !channel(b) || typeof a !== 'number' || a < 0 || a > 1) return undefined;
  return { url, brightness: { r: r as number, g: g as number, b: b as number, a } };
}

/** The changes a message asks for, or null when it is not a well-formed preview message. */
export function parsePreviewMessage(data: unknown): Partial<PreviewState> | null {
  if (!isObject(data) || data.type !== PREVIEW_MESSAGE) return null;
  const out: Partial<PreviewState> = {};
  if ('colors' in data) {
    if (data.colors === null) out.colors = null;
    else {
      const c = isObject(data.colors) ? { color0: rgb(data.colors.color0), color2: rgb(data.colors.color2) } : null;
      if (!c?.color0 || !c.color2) return null;
      out.colors = { color0: c.color0, color2: c.color2 };
    }
  }
  for (const key of ['backgroundLandscape', 'backgroundPortrait'] as const) {
    if (!(key in data)) continue;
    const bg = background(data[key]);
    if (bg === undefined) return null;
    out[key] = bg;
  }
  if ('logo' in data) {
    if (data.logo === null) out.logo = null;
    else {
      const logo = imageRef(data.logo);
      if (!logo) return null;
      out.logo = logo;
    }
  }
  return out;
}
