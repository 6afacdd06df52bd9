import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, parsePreviewMessage } from './protocol';

describe('preview protocol', () => {
  it('accepts the own origin and listed origins only', () => {
    expect(isAllowedOrigin('https://app.example', 'https://app.example', [])).toBe(true);
    expect(isAllowedOrigin('https://brand.example', 'https://app.example', ['https://brand.example'])).toBe(true);
    expect(isAllowedOrigin('https://evil.example', 'https://app.example', ['https://brand.example'])).toBe(false);
    expect(isAllowedOrigin('https://brand.example.evil', 'https://app.example', ['https://brand.example'])).toBe(false);
    expect(isAllowedOrigin('null', 'https://app.example', ['https://brand.example'])).toBe(false);
  });

  it('reads colours, backgrounds and the logo of a well-formed message', () => {
    const msg = {
      type: 'cairn:preview',
      colors: { color0: { r: 1, g: 2, b: 3 }, color2: { r: 4, g: 5, b: 6 } },
      backgroundLandscape: { url: '/files/a.svg', brightness: { r: 0, g: 0, b: 0, a: 0.4 } },
      backgroundPortrait: null,
      logo: '/files/logo.svg',
    };
    expect(parsePreviewMessage(msg)).toEqual({
      colors: msg.colors,
      backgroundLandscape: msg.backgroundLandscape,
      backgroundPortrait: null,
      logo: '/files/logo.svg',
    });
    // keys left out are left as they are
    expect(parsePreviewMessage({ type: 'cairn:preview', logo: null })).toEqual({ logo: null });
  });

  it('ignores anything malformed', () => {
    expect(parsePreviewMessage('cairn:preview')).toBeNull();
    expect(parsePreviewMessage({ type: 'other', colors: null })).toBeNull();
    expect(
      parsePreviewMessage({
        type: 'cairn:preview',
        colors: { color0: { r: 256, g: 0, b: 0 }, color2: { r: 0, g: 0, b: 0 } },
      }),
    ).toBeNull();
    expect(parsePreviewMessage({ type: 'cairn:preview', logo: 'https://evil.example/x.png' })).toBeNull();
    expect(parsePreviewMessage({ type: 'cairn:preview', logo: 'javascript:alert(1)' })).toBeNull();
    expect(
      parsePreviewMessage({
        type: 'cairn:preview',
        backgroundLandscape: { url: '/files/x")', brightness: { r: 0, g: 0, b: 0, a: 0.2 } },
      }),
    ).toBeNull();
  });
});
