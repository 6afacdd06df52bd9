import { afterEach, describe, expect, it } from 'vitest';
import { applyCustomerColours, type Backgrounds, setBackgrounds, useBackgrounds } from './branding';

const acme = { color0: { r: 255, g: 102, b: 0 }, color2: { r: 38, g: 50, b: 56 } };
const globex = { color0: { r: 20, g: 20, b: 60 }, color2: { r: 200, g: 200, b: 40 } };
const style = () => document.documentElement.style;

afterEach(() => applyCustomerColours(null));

describe('customer colours on the document', () => {
  it('sets the palette as variables, swaps them for another palette and removes them for none', () => {
    applyCustomerColours(acme);
    const accent = style().getPropertyValue('--accent');
    expect(accent).toMatch(/^\d+ \d+ \d+$/);
    applyCustomerColours(globex);
    expect(style().getPropertyValue('--accent')).not.toBe(accent);
    applyCustomerColours(null);
    expect(style().getPropertyValue('--accent')).toBe('');
  });

  it('leaves the document alone when the same palette comes again (the stored one, then the profile’s)', async () => {
    applyCustomerColours(acme);
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
    applyCustomerColours({ color0: { ...acme.color0 }, color2: { ...acme.color2 } });
    await Promise.resolve();
    changes.push(...observer.takeRecords());
    observer.disconnect();
    expect(changes).toHaveLength(0);
    applyCustomerColours(globex);
    expect(style().getPropertyValue('--accent')).not.toBe('');
  });
});

describe('theme backgrounds', () => {
  it('tells the main area only when the backgrounds really change', async () => {
    const { renderHook, act } = await import('@testing-library/react');
    let renders = 0;
    renderHook(() => {
      renders++;
      return useBackgrounds();
    });
    const bg: Backgrounds = {
      landscape: { url: '/files/a.jpg', brightness: { r: 0, g: 0, b: 0, a: 0.3 } },
      portrait: null,
    };
    act(() => setBackgrounds(bg));
    const after = renders;
    act(() => setBackgrounds(JSON.parse(JSON.stringify(bg))));
    expect(renders).toBe(after);
    act(() => setBackgrounds({ landscape: null, portrait: null }));
    expect(renders).toBe(after + 1);
  });
});
