import type { ReactNode } from 'react';
import { backgroundLayers, useBackgrounds } from '../lib/branding';
import { useMedia } from '../lib/use-media';

/**
 * The main area over the customer's theme background: the landscape or portrait image (through the image
 * service, §9 sizes, cover) chosen by the screen's orientation, darkened or tinted by the theme's brightness
 * overlay, shows as a band above a sheet that carries the screen — so no text ever sits on the picture.
 * Without a background the main area is plain.
 */
export function BrandedMain({ children }: { children: ReactNode }) {
  const { landscape, portrait } = useBackgrounds();
  const isPortrait = useMedia('(orientation: portrait)');
  const bg = isPortrait ? (portrait ?? landscape) : (landscape ?? portrait);
  if (!bg) {
    return (
      <main id="main" className="flex-1">
        {children}
      </main>
    );
  }
  const layers = backgroundLayers(bg, isPortrait && portrait ? 'portrait' : 'landscape');
  return (
    <main id="main" className="relative flex flex-1 flex-col pt-16 sm:pt-28" data-background={bg.url}>
      <div
        aria-hidden="true"
        data-testid="brand-background"
        className="fixed inset-0 -z-10 bg-slate-700 bg-cover bg-center"
        style={{ backgroundImage: `linear-gradient(${layers.overlay}, ${layers.overlay}), url("${layers.image}")` }}
      />
      <div className="w-full flex-1 rounded-t-3xl bg-slate-50 shadow-lg xl:mx-auto xl:max-w-7xl">{children}</div>
    </main>
  );
}
