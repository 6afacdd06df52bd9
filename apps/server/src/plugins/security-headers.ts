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
export function contentSecurityPolicy(config: AppConfig): string {
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
    `frame-ancestors ${["'self'", ...config.previewOrigins].join(' ')}`,
  ].join('; ');
}

/** Security headers on every response: CSP, nosniff, a referrer policy, no MIME or frame surprises. */
export default fp(
  async function securityHeadersPlugin(app: FastifyInstance) {
    const csp = contentSecurityPolicy(app.config);
    const headers = {
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-resource-policy': 'same-origin',
    };
    // a callback hook: no promise per response (it runs on every one)
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.headers(headers);
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
