import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { useEffect, useState } from 'react';

/** The solid icon set, loaded on first use (a chunk of its own, outside the first-route budget). */
let icons: Promise<IconDefinition[]> | null = null;
const loadIcons = () => {
  icons ??= import('@fortawesome/free-solid-svg-icons').then((m) => Object.values(m.fas) as IconDefinition[]);
  return icons;
};

/** A Font Awesome name as content packages write it ('fa-tv', 'fa-pencil-alt': v5 names resolve through aliases). */
export function findIcon(all: IconDefinition[], name: string): IconDefinition | null {
  const bare = (name.trim().split(/\s+/).pop() ?? '').replace(/^fa-/, '');
  return all.find((d) => d.iconName === bare || (d.icon[2] as (string | number)[]).includes(bare)) ?? null;
}

interface Props {
  name: string;
  background?: string | null;
  border?: string | null;
  size?: number;
}

/** A pebble's icon (§3 object: fa_icon with its colours) in a circle; decorative, the pebble's name is said beside it. */
export function PebbleIcon({ name, background, border, size = 32 }: Props) {
  const [icon, setIcon] = useState<IconDefinition | null>(null);
  useEffect(() => {
    let live = true;
    loadIcons()
      .then((all) => live && setIcon(findIcon(all, name)))
      .catch((err) => console.warn('icons unavailable', err));
    return () => {
      live = false;
    };
  }, [name]);
  const [w, h, , , path] = icon?.icon ?? [512, 512, [], '', ''];
  return (
    <span
      aria-hidden="true"
      data-icon={icon?.iconName}
      className="inline-flex shrink-0 items-center justify-center rounded-full border-2 bg-slate-200 text-slate-800"
      style={{
        width: size,
        height: size,
        ...(background ? { background } : {}),
        borderColor: border ?? 'transparent',
      }}
    >
      {icon && (
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${w} ${h}`}
          style={{ width: size * 0.5, height: size * 0.5 }}
          fill="currentColor"
        >
          {(Array.isArray(path) ? path : [path]).map((d) => (
            <path key={d} d={d} />
          ))}
        </svg>
      )}
    </span>
  );
}
