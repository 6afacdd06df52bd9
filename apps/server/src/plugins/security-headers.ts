import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The Content-Security-Policy of every response (docs/security.md): scripts only from this origin (the built app
 * has no inline script), no plugins, frames only from the configured preview origins, and connections to this
 * origin (API, Socket.IO) plus the services the deployment configures — the OpenID Connect issuers the browser
 * signs in with, the error-reporting server, the analytics endpoint.
 */
export function contentSecurityPolicy(config: AppConfig, frameOrigins: readonly string[] = []): string {
  const connect = new Set<string>(["'self'"]);
  for (const p of Object.values(config.oidc)) if (p?.issuer) connect.add(originOf(p.issuer) ?? '');
  if (config.errorReporting) connect.add(originOf(config.errorReporting.dsn) ?? '');
  if (config.analytics) connect.add(originOf(config.analytics.endpoint) ?? '');
  connect.delete('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React style attributes and the toast library's injected styles
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src ${[...connect].join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors(config, frameOrigins).join(' ')}`,
  ].join('; ');
}

/**
 * Who may frame the app: this origin, the preview origins (the branding preview, docs/security.md) and the registered
 * LTI platforms' origins (`frameOrigins`, docs/lti.md). The one seam for framing: origins added here reach both the
 * CSP's frame-ancestors and the X-Frame-Options decision.
 */
export function frameAncestors(config: AppConfig, frameOrigins: readonly string[] = []): string[] {
  return [...new Set(["'self'", ...config.previewOrigins, ...frameOrigins])];
}

/**
 * Browser features the app may use: none of the sensors, camera, microphone (no answer is recorded in the browser:
 * the web app never calls getUserMedia), payment or USB; autoplay, fullscreen and picture-in-picture for this
 * origin's own audio and video players.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'ambient-light-sensor=()',
  'autoplay=(self)',
  'bluetooth=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=(self)',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** One year, subdomains included: sent only when the app is served over https (PUBLIC_URL). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The security headers of every response, Fastify's and Socket.IO's alike: CSP, nosniff, a referrer policy, the
 * resource policy, the permissions policy; HSTS when PUBLIC_URL is https; X-Frame-Options SAMEORIGIN only when no
 * other origin may frame the app (it cannot list origins: with preview origins, frame-ancestors alone decides).
 */
export function securityHeaders(config: AppConfig, frameOrigins: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(config, frameOrigins),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
  };
  if (frameAncestors(config, frameOrigins).length === 1) headers['x-frame-options'] = 'SAMEORIGIN';
  if (config.publicUrl.startsWith('https:')) headers['strict-transport-security'] = HSTS;
  return headers;
}

/**
 * Security headers on every Fastify response (Socket.IO's get them in plugins/realtime.ts). `app.setFrameOrigins`
 * replaces the LTI platforms' origins that may frame the app (the lti module, on start and on registration). A
 * response that set its own CSP keeps it (the LTI deep-linking return page, whose form posts to the platform).
 */
export default fp(
  async function securityHeadersPlugin(app: FastifyInstance) {
    let headers = securityHeaders(app.config);
    let withoutCsp = { ...headers };
    app.decorate('setFrameOrigins', (origins: readonly string[]) => {
      headers = securityHeaders(app.config, origins);
      const { 'content-security-policy': _csp, ...rest } = headers;
      withoutCsp = rest;
    });
    app.setFrameOrigins([]);
    // a callback hook: no promise per response (it runs on every one)
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.headers(reply.hasHeader('content-security-policy') ? withoutCsp : headers);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
