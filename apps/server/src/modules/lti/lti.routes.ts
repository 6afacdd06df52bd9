import { loginResponseSchema, ltiSessionInputSchema } from '@cairn/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, noAuth } from '../../lib/route-schemas';
import { authRateLimit } from '../../plugins/rate-limit';
import { contentSecurityPolicy } from '../../plugins/security-headers';
import { CLAIM, MESSAGE } from './lti.claims';
import { completeDeepLinking, placeableTrails, startDeepLinking } from './lti.deeplink';
import { LtiError } from './lti.errors';
import { currentFrameOrigins } from './lti.framing';
import { createHandoff, exchangeHandoff } from './lti.handoff';
import { toolJwks } from './lti.keys';
import { BROWSER_COOKIE, randomToken, startLogin, verifyLaunch } from './lti.launch';
import { pickerPage, refusalPage, returnPage, SUBMIT_JS } from './lti.pages';
import { languageOf, provisionUser, recordLink, trailOfLink } from './lti.provision';

/** A form or query field: any string the platform sends, bounded (longer ones are refused as missing). */
const field = z.string().max(20_000).optional();
const loginFields = z.object({
  iss: field,
  login_hint: field,
  target_link_uri: field,
  lti_message_hint: field,
  client_id: field,
  lti_deployment_id: field,
});
const html = { 200: z.string().describe('text/html'), ...errorResponses(400, 401, 403, 404, 502) };

/** The cookie header's value of `name` (no pattern: split on ';' and '='). */
export function cookieOf(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** The first language of Accept-Language, as an interface language (pages before the launch's claims are read). */
const acceptLanguage = (request: FastifyRequest) =>
  languageOf((request.headers['accept-language'] ?? '').slice(0, 100).split(',')[0]?.split(';')[0]?.trim());

/** LTI 1.3 tool endpoints (docs/lti.md): login initiation, launch, deep-linking return, the tool's keys. */
export default async function ltiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['lti'];
  const { publicUrl } = app.config;
  const launchUrl = `${publicUrl}/lti/launch`;
  const deepLinkAudience = `${publicUrl}/lti/deep-link`;
  const secure = publicUrl.startsWith('https:');

  // platforms post forms (the launch's id_token, the picker's choice): parsed here only, bounded by the body limit
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const out: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(body as string)) if (!(k in out)) out[k] = v;
      done(null, out);
    },
  );

  function browserCookie(request: FastifyRequest, reply: FastifyReply): string {
    const id = cookieOf(request, BROWSER_COOKIE) ?? randomToken();
    // framed inside the LMS: a partitioned cross-site cookie on https (CHIPS), Lax on a plain-http development host
    const attrs = secure ? 'SameSite=None; Secure; Partitioned' : 'SameSite=Lax';
    reply.header('set-cookie', `${BROWSER_COOKIE}=${id}; Path=/lti; HttpOnly; Max-Age=86400; ${attrs}`);
    return id;
  }

  function refuse(request: FastifyRequest, reply: FastifyReply, err: unknown, lang: string) {
    if (!(err instanceof LtiError)) throw err;
    request.log.warn({ lti: err.reason, detail: err.message }, 'lti request refused');
    // a browser gets the page; an API client (no text/html in Accept) the shared error body
    if (!(request.headers.accept ?? '').includes('text/html')) return reply.code(err.statusCode).send(err.toBody());
    const restart = err.restart ? `${publicUrl}/lti/login?${new URLSearchParams(err.restart).toString()}` : null;
    return reply
      .code(err.statusCode)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(refusalPage(lang, err.reason, restart));
  }

  async function login(request: FastifyRequest, reply: FastifyReply, params: z.infer<typeof loginFields>) {
    try {
      const browser = browserCookie(request, reply);
      const { redirect } = await startLogin(app.db, params, browser, launchUrl);
      return reply.code(302).header('cache-control', 'no-store').redirect(redirect);
    } catch (err) {
      return refuse(request, reply, err, acceptLanguage(request));
    }
  }

  const loginSchema = { tags, security: noAuth, response: { 302: z.null(), ...html } };
  app.get(
    '/lti/login',
    {
      schema: {
        ...loginSchema,
        operationId: 'ltiLoginGet',
        summary: 'LTI 1.3 third-party-initiated login: redirects to the platform',
        querystring: loginFields,
      },
    },
    (request, reply) => login(request, reply, request.query),
  );
  app.post(
    '/lti/login',
    {
      schema: {
        ...loginSchema,
        operationId: 'ltiLoginPost',
        summary: 'LTI 1.3 third-party-initiated login (form post): redirects to the platform',
        body: loginFields,
      },
    },
    (request, reply) => login(request, reply, request.body),
  );

  app.post(
    '/lti/launch',
    {
      schema: {
        tags,
        security: noAuth,
        operationId: 'ltiLaunch',
        summary: 'LTI 1.3 launch (resource link or deep-linking request): the ID token, checked',
        body: z.object({ id_token: field, state: field }),
        response: { 303: z.null(), ...html },
      },
    },
    async (request, reply) => {
      let lang = acceptLanguage(request);
      try {
        const launch = await verifyLaunch(app.db, request.body, cookieOf(request, BROWSER_COOKIE));
        lang = languageOf(launch.claims.locale);
        if (launch.messageType === MESSAGE.deepLinking) {
          const ctx = await startDeepLinking(
            app.db,
            launch,
            cookieOf(request, BROWSER_COOKIE)!,
            lang,
            deepLinkAudience,
          );
          const trails = await placeableTrails(app.db, launch.platform.customerId);
          return reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(pickerPage(lang, ctx, trails));
        }
        const code = await app.db.transaction(async (tx) => {
          const trailId = await trailOfLink(tx, launch);
          const { userId, coach } = await provisionUser(tx, launch);
          await recordLink(tx, launch, trailId, userId, coach);
          // a learner opens the trail in the player; an instructor the course page (the trail, the roster sync)
          return createHandoff(tx, userId, coach ? `/lti/course/${trailId}` : `/player/${trailId}`);
        });
        request.log.info(
          { platform: launch.platform.id, link: (launch.claims[CLAIM.resourceLink] as { id: string }).id },
          'lti launch',
        );
        return reply.code(303).header('cache-control', 'no-store').redirect(`/lti/start#code=${code}`);
      } catch (err) {
        return refuse(request, reply, err, lang);
      }
    },
  );

  app.post(
    '/lti/deep-link',
    {
      schema: {
        tags,
        security: noAuth,
        operationId: 'ltiDeepLink',
        summary: "The deep-linking picker's choice: the signed LtiDeepLinkingResponse posted back to the platform",
        body: z.object({ ctx: field, trail_id: field, graded: field }),
        response: html,
      },
    },
    async (request, reply) => {
      try {
        const r = await completeDeepLinking(app.db, request.body, cookieOf(request, BROWSER_COOKIE), {
          audience: deepLinkAudience,
          launchUrl,
        });
        const target = new URL(r.returnUrl).origin;
        const csp = contentSecurityPolicy(app.config, currentFrameOrigins(app)).replace(
          "form-action 'self'",
          `form-action 'self' ${target}`,
        );
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-security-policy', csp)
          .send(returnPage(r.lang, r.returnUrl, r.jwt));
      } catch (err) {
        return refuse(request, reply, err, acceptLanguage(request));
      }
    },
  );

  app.get('/lti/submit.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SUBMIT_JS),
  );

  app.get(
    '/lti/jwks',
    {
      schema: {
        tags,
        security: noAuth,
        operationId: 'ltiJwks',
        summary: "The tool's public keys (JWKS): platforms verify deep-linking responses and client assertions",
        response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return toolJwks(app.db);
    },
  );

  app.post(
    '/api/lti/session',
    {
      config: authRateLimit(app),
      schema: {
        tags,
        security: noAuth,
        operationId: 'ltiSession',
        summary: "Exchanges a launch's one-time code for the launched user's session and the page to open",
        body: ltiSessionInputSchema,
        response: {
          200: loginResponseSchema.extend({ data: loginResponseSchema.shape.data.extend({ target: z.string() }) }),
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request) =>
      exchangeHandoff(
        app.db,
        request.body.code,
        { userAgent: request.headers['user-agent'], ip: request.ip },
        app.config,
      ),
  );
}
