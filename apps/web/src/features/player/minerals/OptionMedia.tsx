import type { Mineral } from '@cairn/shared/api/trails';
import { AudioPlayer } from '../../../ui/AudioPlayer';

type Media = NonNullable<Mineral['properties']['mediaContent']>[number];

/** An image, audio or video attached to a question or an option; video/quicktime plays as mp4 (§9). */
export function OptionMedia({ media, alt, className = '' }: { media: Media; alt: string; className?: string }) {
  if (media.type === 'image')
    return (
      <img
        src={media.thumbnails?.['250'] ?? media.url}
        alt={alt}
        className={`h-36 w-full rounded-lg object-cover ${className}`}
      />
    );
  const type = media.metadata?.mimetype === 'video/quicktime' ? 'video/mp4' : media.metadata?.mimetype;
  if (media.type === 'audio')
    return <AudioPlayer src={media.url} label={alt} preload="none" className={`w-full ${className}`} />;
  return (
    // biome-ignore lint/a11y/useMediaCaption: learner-supplied answer media comes without caption tracks
    <video controls preload="metadata" aria-label={alt} className={`max-h-64 w-full rounded-lg bg-black ${className}`}>
      <source src={media.url} type={type} />
    </video>
  );
}
