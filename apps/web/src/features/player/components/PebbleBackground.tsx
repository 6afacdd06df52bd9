import type { Pebble } from '@cairn/shared/api/trails';
import { IMAGE_SIZES, imageUrl } from '@cairn/shared/media';
import { useEffect, useRef } from 'react';
import { useMedia } from '../../../lib/use-media';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * A pebble's own background (§3 `backgroundLandscape`: a media image or video), fixed behind the player's sheet,
 * decorative (hidden from assistive technology, never in the tab order). An image comes through the image service
 * at the §9 size of the screen's orientation (1600x900 or 900x1600, cover), never the original file. A video plays
 * muted, looping and inline with no controls — the pebble is read on the sheet above it, so nothing about the video
 * needs a control — and stays paused on its first frame while the learner asks for reduced motion.
 */
export function PebbleBackground({ media }: { media: Pebble['backgroundLandscape'] }) {
  const portrait = useMedia('(orientation: portrait)');
  if (!media || media.type === 'audio') return null;
  if (media.type === 'video') return <BackgroundVideo url={media.url} />;
  const src = imageUrl(media.url, portrait ? IMAGE_SIZES.backgroundPortrait : IMAGE_SIZES.backgroundLandscape);
  return (
    <div
      aria-hidden="true"
      data-testid="pebble-background"
      className="fixed inset-0 -z-10 bg-cover bg-center"
      style={{ backgroundImage: `url(${JSON.stringify(src)})` }}
    />
  );
}

function BackgroundVideo({ url }: { url: string }) {
  const reduced = useMedia(REDUCED_MOTION);
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    // React sets `muted` as a property only; autoplay policies read it before play, so set both here
    video.muted = true;
    video.defaultMuted = true;
    try {
      if (reduced) video.pause();
      else void video.play()?.catch(() => {});
    } catch {
      // a browser without media playback (or one refusing it) shows the first frame: the pebble reads the same
    }
  }, [reduced]);

  return (
    <video
      ref={ref}
      aria-hidden="true"
      tabIndex={-1}
      data-testid="pebble-background"
      className="pointer-events-none fixed inset-0 -z-10 size-full object-cover"
      src={url}
      muted
      loop
      playsInline
      autoPlay={!reduced}
      preload={reduced ? 'metadata' : 'auto'}
      disablePictureInPicture
    />
  );
}
