import { z } from 'zod';
import { localeSchema, profileFieldSchema } from './accounts';

/** GET /api/languages/supported */
export const languagesResponseSchema = z.object({ data: z.array(localeSchema) });

export const countrySchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Country = z.infer<typeof countrySchema>;
/** GET /api/countries/all */
export const countriesResponseSchema = z.object({ data: z.array(countrySchema) });

export const themeBackgroundSchema = z.object({
  url: z.string(),
  brightness: z.object({ r: z.number(), g: z.number(), b: z.number(), a: z.number() }),
});
export type ThemeBackground = z.infer<typeof themeBackgroundSchema>;
/** §3 colour set: its id (a theme's color_id) and its colors map (color0, color2 …, each r, g, b), the customer's own. */
export const colourSetSchema = z.object({
  id: z.number().int(),
  colors: z.record(z.string(), z.object({ r: z.number(), g: z.number(), b: z.number() })),
});
export type ColourSet = z.infer<typeof colourSetSchema>;
export const themeSchema = z.object({
  name: z.string(),
  color_id: z.number().int(),
  /** the colour set color_id names; the current (first) theme's holds the customer's palette */
  color: colourSetSchema,
  backgroundLandscape: themeBackgroundSchema.nullable(),
  backgroundPortrait: themeBackgroundSchema.nullable(),
});
export type Theme = z.infer<typeof themeSchema>;
/** GET /api/themes: the themes of the signed-in user's customer */
export const themesResponseSchema = z.object({ data: z.array(themeSchema) });

/**
 * GET /api/user/fields (the fields the user fills in, edit: true), GET /api/user/allFields (every field, edit: false
 * too), both with the user's values; POST /api/user/fields answers every field, as allFields (docs/me-and-coach.md)
 */
export const profileFieldsResponseSchema = z.object({ data: z.array(profileFieldSchema) });

/** POST /api/user/fields: field name → value; null or '' clears the value */
export const userFieldsUpdateSchema = z.object({
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type UserFieldsUpdate = z.infer<typeof userFieldsUpdateSchema>;

/** GET /api/client-config: the deployment's run-time settings for the web app (each null when off). */
export const clientConfigResponseSchema = z.object({
  data: z.object({
    error_reporting: z.object({ dsn: z.string(), release: z.string(), environment: z.string() }).nullable(),
    analytics: z.object({ endpoint: z.string(), domain: z.string() }).nullable(),
    /** origins (besides the app's own) whose postMessage events may set the preview state (PREVIEW_ORIGINS) */
    preview_origins: z.array(z.string()),
  }),
});
export type ClientConfig = z.infer<typeof clientConfigResponseSchema>['data'];

const channel = z.number().int().min(0).max(255);
/** A colour of the palette as the customer stores it: r, g, b each an integer 0..255. */
export const paletteColourSchema = z.strictObject({ r: channel, g: channel, b: channel });
const fraction = z.number().min(0).max(1);
/** A background of the brand page: a stored image (/files/...) and its brightness overlay (r, g, b 0..255, a 0..1). */
export const themeBackgroundInputSchema = z.strictObject({
  url: z
    .string()
    .max(500, { abort: true })
    .regex(/^\/files\/[A-Za-z0-9_./-]+$/, 'a stored image under /files/')
    .refine((u) => !u.includes('..'), 'a stored image under /files/'),
  brightness: z.strictObject({ r: channel, g: channel, b: channel, a: fraction }),
});

/** PUT /api/customer/theme: the brand page saves the customer's palette and the backgrounds of its current theme. */
export const customerThemeUpdateSchema = z.strictObject({
  color0: paletteColourSchema,
  color2: paletteColourSchema,
  backgroundLandscape: themeBackgroundInputSchema.nullable(),
  backgroundPortrait: themeBackgroundInputSchema.nullable(),
});
export type CustomerThemeUpdate = z.infer<typeof customerThemeUpdateSchema>;

/** GET and PUT /api/customer/theme: the customer's palette (as in the profile) and its current theme. */
export const customerThemeResponseSchema = z.object({
  data: z.object({
    style: z.object({
      attributes: z.object({ color: z.string() }),
      colors: z.object({ color0: paletteColourSchema, color2: paletteColourSchema }),
    }),
    theme: themeSchema,
    /** the backgrounds the brand page offers: the customer's stored theme images */
    backgrounds: z.array(z.string()),
  }),
});
export type CustomerTheme = z.infer<typeof customerThemeResponseSchema>['data'];
