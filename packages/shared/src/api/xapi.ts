import { z } from 'zod';
import { boundedString } from './strings';

/** An http(s) URL, bounded before it is parsed (no pattern runs on it). */
const httpUrl = boundedString(2000).refine((s) => {
  if (!URL.canParse(s)) return false;
  const u = new URL(s);
  return (u.protocol === 'https:' || u.protocol === 'http:') && u.username === '' && u.password === '';
}, 'Enter an http or https address without a user name or password in it');

/**
 * PUT /api/admin/xapi: the customer's Learning Record Store (docs/xapi.md). The secret is write-only: sent to change
 * it, left out (or empty) to keep the stored one.
 */
export const xapiSettingsUpdateSchema = z
  .strictObject({
    enabled: z.boolean(),
    endpoint: httpUrl,
    auth: z.enum(['basic', 'oauth']),
    /** Basic: the LRS key; OAuth: the client id */
    username: boundedString(500),
    /** Basic: the LRS secret; OAuth: the client secret */
    secret: boundedString(500).optional(),
    /** OAuth 2 client-credentials token endpoint (required with auth oauth) */
    token_url: httpUrl.nullable().optional(),
    /** put the learner's e-mail in the actor (mbox); the stable account id is always there */
    actor_email: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.auth === 'oauth' && !v.token_url) {
      ctx.addIssue({ code: 'custom', path: ['token_url'], message: 'OAuth needs the token endpoint' });
    }
  });
export type XapiSettingsUpdate = z.infer<typeof xapiSettingsUpdateSchema>;

export const xapiSettingsSchema = z.object({
  enabled: z.boolean(),
  endpoint: z.string().nullable(),
  auth: z.enum(['basic', 'oauth']),
  username: z.string(),
  /** whether a secret is stored (the secret itself is never sent) */
  has_secret: z.boolean(),
  token_url: z.string().nullable(),
  actor_email: z.boolean(),
  /** the outbox: statements waiting, delivered, and refused for good (with the last error) */
  queue: z.object({
    pending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    last_error: z.string().nullable(),
    last_sent_at: z.string().nullable(),
  }),
});
export type XapiSettings = z.infer<typeof xapiSettingsSchema>;
export const xapiSettingsResponseSchema = z.object({ data: xapiSettingsSchema });
