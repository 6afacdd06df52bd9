import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  accessibleBrand,
  contrastRatio,
  relativeLuminance,
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
