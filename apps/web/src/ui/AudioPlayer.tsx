import { type ReactNode, useState } from 'react';

/**
 * An audio player that removes itself when playback fails (§8: "Audio playback error: the player is removed"),
 * wherever audio plays: question and option media, upload previews, results, chat, the vault. `fallback` is
 * what stays in its place (nothing by default). The error is logged only.
 */
export function AudioPlayer({
  src,
  label,
  preload = 'metadata',
  className = 'w-full',
  fallback = null,
}: {
  src: string;
  label?: string;
  preload?: 'none' | 'metadata' | 'auto';
  className?: string;
  fallback?: ReactNode;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return <>{fallback}</>;
  return (
    // biome-ignore lint/a11y/useMediaCaption: recordings from authors and learners come without caption tracks
    <audio
      controls
      preload={preload}
      src={src}
      aria-label={label}
      className={className}
      onError={() => {
        console.warn('audio cannot be played', src);
        setFailed(src);
      }}
    />
  );
}
