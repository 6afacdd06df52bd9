import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../lib/http-error';
import { type Actor, authenticateAccessToken } from '../modules/accounts/sessions.service';
import { listenForRevocations } from '../modules/accounts/token-cache';

/** The bearer token of the request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1] : null;
}

/** Decorates `app.authenticate` (an onRequest hook) and `request.actor`. */
export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('actor', null);
    app.decorate('authenticate', async (request: FastifyRequest, _reply: FastifyReply) => {
      const token = bearerToken(request);
      if (!token) throw unauthenticated();
      request.actor = await authenticateAccessToken(app.db, token);
    });
    // the token cache serves nothing until this process hears revocations
    await listenForRevocations(app);
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The authenticated actor; only call in routes behind `app.authenticate`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
