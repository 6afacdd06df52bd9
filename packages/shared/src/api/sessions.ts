import { z } from 'zod';

/** Social sign-in providers of POST /api/auth/{provider}; each is off unless the server configures it. */
export const OIDC_PROVIDER_NAMES = ['google2', 'azure'] as const;
export type OidcProviderName = (typeof OIDC_PROVIDER_NAMES)[number];

/** POST /api/auth/{provider}: the provider's token (an OpenID Connect ID token, a JWT) */
export const providerLoginRequestSchema = z.object({ access_token: z.string().min(1) });
export type ProviderLoginRequest = z.infer<typeof providerLoginRequestSchema>;
