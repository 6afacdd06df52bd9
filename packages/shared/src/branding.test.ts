import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  accessibleBrand,
  brandVariables,
  contrastRatio,
  hexOf,
  inkOnWhite,
  relativeLuminance,
  rgbOfHex,
  TEXT_DARK,
  TEXT_LIGHT,
  textOn,
} from './branding';
import { DEFAULT_ACCENT } from './constants';

describe('luminance and contrast rules (§9, WCAG AA)', () => {
  it('computes the WCAG extremes', () => {
    expect(relativeLuminance(TEXT_DARK)).toBe(0);
    expect(relativeLuminance(TEXT_LIGHT)).toBe(1);
    expect(contrastRatio(TEXT_DARK, TEXT_LIGHT)).toBe(21);
    expect(contrastRatio({ r: 255, g: 0, b: 0 }, TEXT_LIGHT)).toBeCloseTo(4, 1);
  });

  it('puts dark text on light colours and light text on dark ones, at 127.5', () => {
    expect(textOn({ r: 128, g: 128, b: 128 })).toBe(TEXT_DARK);
    expect(textOn({ r: 127, g: 127, b: 127 })).toBe(TEXT_LIGHT);
    expect(textOn(DEFAULT_ACCENT)).toBe(TEXT_DARK);
    expect(textOn({ r: 20, g: 24, b: 40 })).toBe(TEXT_LIGHT);
  });

  it('leaves colours that already pass unchanged', () => {
    expect(accessibleBrand(DEFAULT_ACCENT).background).toEqual(DEFAULT_ACCENT);
    expect(accessibleBrand({ r: 0, g: 0, b: 255 }).background).toEqual({ r: 0, g: 0, b: 255 });
  });

  const hard = [
    { name: 'pure red (white text at 4.0:1)', c: { r: 255, g: 0, b: 0 } },
    { name: 'mid grey just under the threshold', c: { r: 119, g: 119, b: 119 } },
    { name: 'saturated magenta', c: { r: 230, g: 40, b: 200 } },
    { name: 'teal', c: { r: 0, g: 150, b: 160 } },
    { name: 'orange-red', c: { r: 255, g: 80, b: 0 } },
  ];
  for (const { name, c } of hard) {
    it(`adjusts the shade, not the text, for ${name}`, () => {
      const text = textOn(c);
      expect(contrastRatio(c, text)).toBeLessThan(AA_CONTRAST);
      const out = accessibleBrand(c);
      expect(out.text).toBe(text);
      expect(out.background).not.toEqual(c);
      expect(contrastRatio(out.background, out.text)).toBeGreaterThanOrEqual(AA_CONTRAST);
      // the adjusted shade stays on the same side of the luminance rule
      expect(textOn(out.background)).toBe(text);
    });
  }
});

const rgbOf = (v: string) => {
  const [r, g, b] = v.split(' ').map(Number);
  return { r, g, b };
};

describe('brand colours as CSS variables', () => {
  it('darkens a light brand colour used as text on white until AA, and keeps dark ones', () => {
    const ink = inkOnWhite(DEFAULT_ACCENT);
    expect(contrastRatio(DEFAULT_ACCENT, TEXT_LIGHT)).toBeLessThan(AA_CONTRAST);
    expect(contrastRatio(ink, TEXT_LIGHT)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(ink.r).toBeGreaterThan(ink.b); // still an orange
    expect(inkOnWhite({ r: 20, g: 24, b: 90 })).toEqual({ r: 20, g: 24, b: 90 });
    // a near-white brand colour still ends up readable
    expect(contrastRatio(inkOnWhite({ r: 250, g: 250, b: 240 }), TEXT_LIGHT)).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  const palettes = [
    { name: 'Acme orange', p: { color0: DEFAULT_ACCENT, color2: { r: 38, g: 50, b: 56 } } },
    { name: 'Globex dark', p: { color0: { r: 124, g: 77, b: 255 }, color2: { r: 18, g: 16, b: 40 } } },
    {
      name: 'pastel yellow and mid grey',
      p: { color0: { r: 255, g: 236, b: 140 }, color2: { r: 119, g: 119, b: 119 } },
    },
    { name: 'pure red and teal', p: { color0: { r: 255, g: 0, b: 0 }, color2: { r: 0, g: 150, b: 160 } } },
  ];
  for (const { name, p } of palettes) {
    it(`every text pair of ${name} reaches AA`, () => {
      const v = brandVariables(p);
      expect(contrastRatio(rgbOf(v['--accent']), rgbOf(v['--on-accent']))).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(contrastRatio(rgbOf(v['--accent-2']), rgbOf(v['--on-accent-2']))).toBeGreaterThanOrEqual(AA_CONTRAST);
      expect(contrastRatio(rgbOf(v['--accent-ink']), TEXT_LIGHT)).toBeGreaterThanOrEqual(AA_CONTRAST);
      // the text follows the §9 rule of the original colour
      expect(rgbOf(v['--on-accent'])).toEqual(textOn(p.color0));
      expect(v['--pebble-0']).toBe(`${p.color0.r} ${p.color0.g} ${p.color0.b}`);
    });
  }

  it('converts between hex and rgb', () => {
    expect(hexOf({ r: 255, g: 114, b: 51 })).toBe('#ff7233');
    expect(rgbOfHex('#FF7233')).toEqual({ r: 255, g: 114, b: 51 });
    expect(rgbOfHex('orange')).toBeNull();
  });
});
