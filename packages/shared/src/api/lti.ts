import { z } from 'zod';
import { boundedString } from './strings';

/** Loopback hosts, the only ones an http: (not https:) platform URL may name (tests, a local LMS). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for an https URL (http only on loopback), parsed by the URL parser (no pattern); never throws. */
function isPlatformUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname));
  } catch {
    return false;
  }
}

/** An https URL (http only on loopback), at most 500 characters. */
export const ltiUrl = boundedString(500).refine(isPlatformUrl, { message: 'must be an https URL' });

/** An origin (scheme://host[:port]) as frame-ancestors takes it. */
export const ltiOrigin = boundedString(500).refine(
  (s) => isPlatformUrl(s) && new URL(s).origin === (s.endsWith('/') ? s.slice(0, -1) : s),
  { message: 'must be an https origin, without a path' },
);

/** POST /api/admin/lti/platforms: what the platform's administrator reads off the LMS's tool registration. */
export const ltiPlatformInputSchema = z.object({
  issuer: ltiUrl,
  client_id: boundedString(255).min(1),
  deployment_ids: z.array(boundedString(255).min(1)).min(1).max(50),
  auth_url: ltiUrl,
  token_url: ltiUrl,
  jwks_url: ltiUrl,
  /** the origin of the LMS pages that frame Cairn when it differs from the issuer's (Canvas: the school's host) */
  frame_origin: ltiOrigin.nullable().optional(),
});
export type LtiPlatformInput = z.infer<typeof ltiPlatformInputSchema>;

export const ltiPlatformSchema = z.object({
  id: z.number().int(),
  issuer: z.string(),
  client_id: z.string(),
  deployment_ids: z.array(z.string()),
  auth_url: z.string(),
  token_url: z.string(),
  jwks_url: z.string(),
  frame_origin: z.string().nullable(),
  created_at: z.string(),
});
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

/** The tool's URLs the platform's administrator enters in the LMS. */
export const ltiToolUrlsSchema = z.object({
  login_url: z.string(),
  launch_url: z.string(),
  deep_link_url: z.string(),
  jwks_url: z.string(),
});
export type LtiToolUrls = z.infer<typeof ltiToolUrlsSchema>;

export const ltiPlatformsResponseSchema = z.object({
  data: z.object({ platforms: z.array(ltiPlatformSchema), tool: ltiToolUrlsSchema }),
});
export type LtiPlatformsResponse = z.infer<typeof ltiPlatformsResponseSchema>;
export const ltiPlatformResponseSchema = z.object({ data: ltiPlatformSchema });

/** POST /api/lti/session: the one-time code a launch hands to the web app. */
export const ltiSessionInputSchema = z.object({ code: boundedString(100).min(1) });
