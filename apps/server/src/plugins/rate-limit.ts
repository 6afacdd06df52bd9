import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hashToken } from '../lib/tokens';
import { RATE_LIMIT_MESSAGE } from './errors';

/** Route config for the sign-in family of endpoints: RATE_LIMIT_MAX per window per IP and route. */
export function authRateLimit(app: FastifyInstance) {
  return { rateLimit: { max: app.config.rateLimit.max, timeWindow: app.config.rateLimit.windowMs } };
}

/**
 * Route config for POST /api/refresh: RATE_LIMIT_MAX per window per refresh token (its hash), not per address, so
 * bogus refreshes from one address (an office behind one NAT) never block a colleague's real refresh. Guessing a
 * 256-bit token is hopeless whatever the rate; the limit bounds the replays of one token. After body validation.
 */
export function refreshRateLimit(app: FastifyInstance) {
  return {
    rateLimit: {
      max: app.config.rateLimit.max,
      timeWindow: app.config.rateLimit.windowMs,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) =>
        `refresh:${hashToken(String((request.body as { refresh_token?: unknown } | undefined)?.refresh_token ?? ''))}`,
    },
  };
}

/** @fastify/rate-limit, off by default and switched on per route; counters live in Redis when REDIS_URL is set. */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    await app.register(rateLimit, {
      global: false,
      nameSpace: app.config.rateLimit.namespace,
      ...(app.redis ? { redis: app.redis } : {}),
      // a Redis outage must not lock everyone out of signing in
      skipOnError: true,
      errorResponseBuilder: () => ({ statusCode: 429, code: 'rate_limited', message: RATE_LIMIT_MESSAGE }),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
