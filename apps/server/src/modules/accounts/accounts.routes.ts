import {
  authProvidersResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  profileResponseSchema,
  profileUpdateSchema,
  providerLoginRequestSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  statusResponseSchema,
} from '@cairn/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OidcProviderName } from '../../config';
import { actorOf } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { AUTH_ERRORS, bearer, errorResponses, noAuth, trustedResponse } from '../../lib/route-schemas';
import { authRateLimit, refreshRateLimit } from '../../plugins/rate-limit';
import {
  deleteAccount,
  findLiveUserByEmail,
  getProfile,
  markSeen,
  passwordLogin,
  publicLogin,
  signIn,
  updateProfile,
} from './accounts.service';
import { enabledProviders, providerConfig, verifyProviderToken } from './oidc.service';
import { revokeAllSessions, revokeSession, rotateRefreshToken } from './sessions.service';
import { signinThrottle } from './signin-throttle';
import { ssoSignUp } from './sso-signup';

/** A public link id: never with control characters (PostgreSQL text cannot hold NUL; a query with one was a 500). */
const linkIdParam = z
  .string()
  .min(1)
  .max(200, { abort: true })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .regex(/^[^\u0000-\u001f]+$/);

function sessionMeta(request: FastifyRequest) {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

/** Sign-in, tokens, profile and account deletion (spec §7 Account). */
export default async function accountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const ttl = app.config;
  const limited = authRateLimit(app);
  const throttle = signinThrottle(app);

  app.post(
    '/api/login',
    {
      config: limited,
      schema: {
        tags,
        security: noAuth,
        summary: 'Sign in with email and password (slowed per account and address after repeated attempts)',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => {
      await throttle.admit(request.body.username, request.ip, reply);
      const signedIn = await passwordLogin(app.db, request.body, sessionMeta(request), ttl);
      await throttle.succeeded(request.body.username, request.ip);
      return signedIn;
    },
  );

  app.post(
    '/api/refresh',
    {
      config: refreshRateLimit(app),
      schema: {
        tags,
        security: noAuth,
        summary: 'Exchange a refresh token for a new token pair (rotation; reuse revokes the session)',
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await rotateRefreshToken(app.db, request.body.refresh_token, ttl),
    }),
  );

  app.delete(
    '/api/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: "Revoke this session's tokens",
        response: { 200: statusResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => {
      await revokeSession(app.db, actorOf(request).sessionId);
      return { status: 'success' as const, message: 'Signed out' };
    },
  );

  app.delete(
    '/api/destroy',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: "Revoke all of the user's sessions",
        response: { 200: statusResponseSchema, ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => {
      await revokeAllSessions(app.db, actorOf(request).userId);
      return { status: 'success' as const, message: 'Signed out everywhere' };
    },
  );

  app.delete(
    '/api/deleteAccount',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'Delete (anonymise) the account and revoke its sessions',
        response: { 200: statusResponseSchema, ...errorResponses(...AUTH_ERRORS, 403) },
      },
    },
    async (request) => {
      await deleteAccount(app.db, actorOf(request));
      return { status: 'success' as const, message: 'Your account has been deleted' };
    },
  );

  app.get(
    '/api/user/profile',
    {
      onRequest: app.authenticate,
      ...trustedResponse,
      schema: {
        tags,
        security: bearer,
        summary: "The signed-in user's profile",
        response: { 200: profileResponseSchema, ...errorResponses(...AUTH_ERRORS, 403) },
      },
    },
    async (request) => ({ data: await getProfile(app.db, actorOf(request), app.config.publicUrl) }),
  );

  app.post(
    '/api/user/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary: "Partial update of the signed-in user's profile",
        body: profileUpdateSchema,
        response: { 200: profileResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 422) },
      },
    },
    async (request) => ({
      data: await updateProfile(app.db, actorOf(request), request.body, app.config.publicUrl),
    }),
  );

  app.post(
    '/api/me/seen/:screen',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: bearer,
        summary:
          'The user opened the home (/games) or me (/me) screen: its counter in notifications is cleared; or was shown "Your first reward!" (first_reward): first_reward_seen becomes true',
        params: z.object({ screen: z.enum(['home', 'me', 'first_reward']) }),
        response: { 200: profileResponseSchema, ...errorResponses(...AUTH_ERRORS, 403, 422) },
      },
    },
    async (request) => ({
      data: await markSeen(app.db, actorOf(request), request.params.screen, app.config.publicUrl),
    }),
  );

  app.post(
    '/api/public/login/:linkId',
    {
      config: limited,
      schema: {
        tags,
        security: noAuth,
        summary: 'Enter a trail through a public link as an account-less public user',
        params: z.object({ linkId: linkIdParam }),
        response: { 200: loginResponseSchema, ...errorResponses(404, 429) },
      },
    },
    async (request) => publicLogin(app.db, request.params.linkId, sessionMeta(request), ttl),
  );

  app.get(
    '/api/auth/providers',
    {
      schema: {
        tags,
        security: [],
        summary: 'The social sign-ins this deployment accepts, with the issuer and public client id the web app uses',
        response: { 200: authProvidersResponseSchema },
      },
    },
    async () => ({ data: enabledProviders(app.config) }),
  );

  app.post(
    '/api/auth/:provider',
    {
      config: limited,
      schema: {
        tags,
        security: noAuth,
        summary: 'Sign in with a Google or Microsoft ID token (providers are off unless configured)',
        params: z.object({ provider: z.string().min(1).max(40) }),
        body: providerLoginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses(401, 404, 422, 429, 503) },
      },
    },
    async (request) => {
      const name = request.params.provider as OidcProviderName;
      const provider = providerConfig(app.config, name);
      const email = await verifyProviderToken(provider, name, request.body.access_token);
      // an unknown address of a domain a customer lists for SSO sign-up gets its account now (docs/admin.md)
      const user =
        (await findLiveUserByEmail(app.db, email)) ??
        ((await ssoSignUp(app.db, email, request.ip)) ? await findLiveUserByEmail(app.db, email) : null);
      // the provider proved the address, so saying that no account uses it reveals nothing new
      if (!user) throw new HttpError(422, 'unknown_account', 'No account uses the address of this sign-in');
      return signIn(app.db, user.id, { ...sessionMeta(request), method: name }, ttl);
    },
  );
}
