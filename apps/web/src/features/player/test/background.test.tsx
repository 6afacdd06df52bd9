import type { Pebble } from '@cairn/shared/api/trails';
import { decodeImageRequest } from '@cairn/shared/media';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { PlayerScreen } from '../components/PlayerScreen';
import { mineral, pebble } from './player.fixtures';

// §3: a pebble's background may be a media image or video; §9: images at the background sizes of the image service.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The learner's media preferences: which of the queries match. */
function prefer(matching: string[]) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: matching.includes(query),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

async function renderWith(background: Pebble['backgroundLandscape']) {
  const data = pebble([mineral('sa_text')], { backgroundLandscape: background });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/pebbles/3' ? json({ data }) : json({ message: 'no', code: 'internal_error' }, 500),
    ),
  );
  renderRoutes([{ path: '/player/:id', element: <PlayerScreen /> }], '/player/3');
  await screen.findByRole('heading', { level: 1, name: data.name });
  return document.querySelector<HTMLElement>('[data-testid="pebble-background"]');
}

/** The image-service request behind a CSS url("/img/…"), or null when the url is not the image service's. */
function imageRequestOf(el: HTMLElement) {
  const m = /url\("\/img\/([A-Za-z0-9_-]+)"\)/.exec(el.style.backgroundImage);
  return m ? decodeImageRequest(m[1]) : null;
}

let play: ReturnType<typeof vi.fn>;
let pause: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as never);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause as never);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a pebble's background", () => {
  it('is an image from the image service at 1600x900 cover on a wide screen, not the original file', async () => {
    prefer([]);
    const bg = await renderWith({ type: 'image', url: '/files/trails/1/background.jpg' });
    expect(bg).not.toBeNull();
    expect(bg!.style.backgroundImage).not.toContain('/files/trails/1/background.jpg');
    expect(imageRequestOf(bg!)).toEqual({
      bucket: 'files',
      key: 'trails/1/background.jpg',
      edits: { resize: { width: 1600, height: 900, fit: 'cover' } },
    });
    expect(bg).toHaveAttribute('aria-hidden', 'true');
  });

  it('is the 900x1600 portrait cut on a phone held upright', async () => {
    prefer(['(orientation: portrait)']);
    const bg = await renderWith({ type: 'image', url: '/files/trails/1/background.jpg' });
    expect(imageRequestOf(bg!)).toMatchObject({ edits: { resize: { width: 900, height: 1600, fit: 'cover' } } });
  });

  it('plays a video muted, looping and inline, with no controls, behind the pebble', async () => {
    prefer([]);
    const bg = await renderWith({ type: 'video', url: '/files/trails/1/waves.mp4' });
    const video = bg as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('/files/trails/1/waves.mp4');
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video).not.toHaveAttribute('controls');
    expect(video).toHaveAttribute('aria-hidden', 'true');
    expect(video.autoplay).toBe(true);
    expect(play).toHaveBeenCalled();
    // the pebble itself stays readable and answerable
    expect(screen.getByRole('radio', { name: /Alpha/ })).toBeVisible();
  });

  it('keeps the video paused when the learner asks for reduced motion', async () => {
    prefer(['(prefers-reduced-motion: reduce)']);
    const video = (await renderWith({ type: 'video', url: '/files/trails/1/waves.mp4' })) as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.autoplay).toBe(false);
    expect(pause).toHaveBeenCalled();
    expect(play).not.toHaveBeenCalled();
  });
});
