import { coercedDbId } from '@cairn/shared';
import { accessibleBrand, hexOf } from '@cairn/shared/branding';
import { DEFAULT_ACCENT } from '@cairn/shared/constants';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';

export const manifestQuerySchema = z.object({ customer: coercedDbId.optional() });

const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The web app manifest: "Cairn" in the default orange, or — with a customer id, which the app adds once a user
 * of that customer has signed in — the customer's company name and its (accessible) brand colour. An unknown
 * id gets the default. Nothing here is private: the company name and colour are what its login screen shows.
 */
export async function webManifest(db: Db, customerId: number | null) {
  const [c] =
    customerId === null
      ? []
      : await db
          .select({ company: customers.company, style: customers.style })
          .from(customers)
          .where(eq(customers.id, customerId));
  const colour = hexOf(accessibleBrand(c?.style.colors.color0 ?? DEFAULT_ACCENT).background);
  const name = c?.company ?? 'Cairn';
  return {
    name,
    short_name: name.length > 12 ? name.slice(0, 12) : name,
    description: 'Learning trails, battles and rewards',
    id: '/',
    start_url: '/games',
    scope: '/',
    display: 'standalone',
    background_color: '#f8fafc',
    theme_color: colour,
    icons: ICONS,
  };
}
