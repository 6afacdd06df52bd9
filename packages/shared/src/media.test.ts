import { describe, expect, it } from 'vitest';
import {
  decodeImageRequest,
  IMAGE_SIZES,
  type ImageEdits,
  imageUrl,
  isServedImageSize,
  storageKeyOf,
  THUMBNAIL_WIDTHS,
  thumbnail,
  thumbnailWidth,
} from './media';

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

describe('signed file URLs (private files, docs/security.md)', () => {
  const signed = '/files/media/1/abc.png?exp=1700000000&sig=abcdefghijklmnopqrstuvwxyz012345';

  it('names the key without the query', () => {
    expect(storageKeyOf(signed)).toBe('media/1/abc.png');
  });

  it('carries the signature onto every resized copy', () => {
    const url = imageUrl(signed, { resize: { width: 48 } });
    expect(url.endsWith('?exp=1700000000&sig=abcdefghijklmnopqrstuvwxyz012345')).toBe(true);
    expect(url.split('?')[0]).toBe(imageUrl('/files/media/1/abc.png', { resize: { width: 48 } }));
    const t = thumbnail(signed, 28);
    for (const part of [t.src, ...(t.srcSet ?? '').split(', ').map((s) => s.split(' ')[0])]) {
      expect(part).toMatch(/^\/img\/[A-Za-z0-9_-]+\?exp=1700000000&sig=/);
    }
  });

  it('adds no query to a public file', () => {
    expect(imageUrl('/files/content/ab/pic.png')).not.toContain('?');
  });
});

describe('the image sizes the service makes (issue 26, item 8)', () => {
  const editsOf = (url: string) => (decodeImageRequest(url.slice('/img/'.length)) as { edits?: ImageEdits }).edits;

  it('includes every size the app asks for: thumbnails at 1x and 2x of any slot, and IMAGE_SIZES', () => {
    for (let px = 1; px <= 600; px++) {
      const t = thumbnail('/files/media/1/abc.png', px);
      expect(isServedImageSize(editsOf(t.src))).toBe(true);
      for (const u of (t.srcSet ?? '').split(', ').filter(Boolean)) {
        expect(isServedImageSize(editsOf(u.replace(/ \dx$/, '')))).toBe(true);
      }
    }
    for (const edits of Object.values(IMAGE_SIZES)) expect(isServedImageSize(edits)).toBe(true);
    expect(isServedImageSize(undefined)).toBe(true);
    expect(isServedImageSize({ resize: { width: 50, height: 50, fit: 'cover' } })).toBe(true);
  });

  it('excludes any other width, height or fit', () => {
    expect(isServedImageSize({ resize: { width: 49, height: 49, fit: 'cover' } })).toBe(false);
    expect(isServedImageSize({ resize: { width: 48 } })).toBe(false);
    expect(isServedImageSize({ resize: { width: 48, height: 48, fit: 'contain' } })).toBe(false);
    expect(isServedImageSize({ resize: { width: 600, height: 400, fit: 'cover' } })).toBe(false);
    expect(isServedImageSize({ resize: { width: 1600, height: 901, fit: 'cover' } })).toBe(false);
  });
});
