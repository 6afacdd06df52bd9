import { thumbnail } from '@cairn/shared/media';

interface Props {
  url?: string | null;
  name: string;
  alt: string;
  size?: number;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** The user's picture, or their initials on the accent colour when there is none. */
export function Avatar({ url, name, alt, size = 28 }: Props) {
  const style = { width: size, height: size };
  if (url) {
    // stored pictures come through the image service at the §9 thumbnail widths (1x and 2x)
    const { src, srcSet } = thumbnail(url, size);
    return <img src={src} srcSet={srcSet} alt={alt} style={style} className="rounded-full object-cover" />;
  }
  return (
    // an empty alt means decorative (the name is said next to it): hidden, like an <img alt="">
    <span
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      style={{ ...style, fontSize: Math.max(10, size * 0.4) }}
      className="inline-flex items-center justify-center rounded-full bg-accent font-semibold text-on-accent"
    >
      {initials(name)}
    </span>
  );
}
