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
export const themeSchema = z.object({
  name: z.string(),
  color_id: z.number().int(),
  backgroundLandscape: themeBackgroundSchema.nullable(),
  backgroundPortrait: themeBackgroundSchema.nullable(),
});
export type Theme = z.infer<typeof themeSchema>;
/** GET /api/themes: the themes of the signed-in user's customer */
export const themesResponseSchema = z.object({ data: z.array(themeSchema) });

/** GET /api/user/fields (with the user's values), GET /api/user/allFields (definitions, fieldValues null), POST /api/user/fields */
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
  }),
});
export type ClientConfig = z.infer<typeof clientConfigResponseSchema>['data'];
