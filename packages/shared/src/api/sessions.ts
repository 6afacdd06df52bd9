import { z } from 'zod';

/** Social sign-in providers of POST /api/auth/{provider}; each is off unless the server configures it. */
export const OIDC_PROVIDER_NAMES = ['google2', 'azure'] as const;
export type OidcProviderName = (typeof OIDC_PROVIDER_NAMES)[number];

/** POST /api/auth/{provider}: the provider's token (an OpenID Connect ID token, a JWT) */
export const providerLoginRequestSchema = z.object({ access_token: z.string().min(1) });
export type ProviderLoginRequest = z.infer<typeof providerLoginRequestSchema>;

/** GET /api/auth/providers: the social sign-ins this deployment accepts (authorization code + PKCE in the browser). */
export const authProvidersResponseSchema = z.object({
  data: z.array(
    z.object({
      name: z.enum(['google2', 'azure']),
      /** the OpenID Connect issuer the browser discovers and signs in with */
      issuer: z.string(),
      /** the public client id (the audience of the ID tokens the server accepts) */
      client_id: z.string(),
    }),
  ),
});
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;
export type AuthProvider = AuthProvidersResponse['data'][number];
