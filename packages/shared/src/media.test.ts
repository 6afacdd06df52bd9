import { describe, expect, it } from 'vitest';
import { decodeImageRequest, THUMBNAIL_WIDTHS, thumbnail, thumbnailWidth } from './media';

const widthOf = (url: string) =>
  (decodeImageRequest(url.slice('/img/'.length)) as { edits: { resize: { width: number } } }).edits.resize.width;

describe('§9 thumbnails', () => {
  it('picks the smallest listed width that covers the slot', () => {
    expect(thumbnailWidth(28)).toBe(32);
    expect(thumbnailWidth(48)).toBe(48);
    expect(thumbnailWidth(150)).toBe(200);
    expect(thumbnailWidth(900)).toBe(250);
  });

  it('asks the image service for 1x and 2x of a stored image, square', () => {
    const t = thumbnail('/files/media/1/abc.png', 28);
    expect(widthOf(t.src)).toBe(32);
    const [one, two] = (t.srcSet ?? '').split(', ');
    expect(one).toBe(`${t.src} 1x`);
    expect(widthOf(two.replace(/ 2x$/, ''))).toBe(80);
    for (const w of [widthOf(t.src), widthOf(two.replace(/ 2x$/, ''))]) expect(THUMBNAIL_WIDTHS).toContain(w);
  });

  it('leaves other URLs alone', () => {
    expect(thumbnail('https://cdn.example.com/a.png', 48)).toEqual({ src: 'https://cdn.example.com/a.png' });
    expect(thumbnail('/favicon.svg', 48)).toEqual({ src: '/favicon.svg' });
  });
});
