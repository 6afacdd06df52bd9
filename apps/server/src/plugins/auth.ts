import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '../lib/actor';
import { unauthenticated } from '../lib/http-error';
import { hashToken } from '../lib/tokens';
import { cachedActor, listenForRevocations, loadActor } from '../modules/accounts';

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
    // a callback hook: a token in this process's cache is answered without a promise (it runs on every request)
    app.decorate('authenticate', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const token = bearerToken(request);
      if (!token) return done(unauthenticated());
      const hash = hashToken(token);
      let actor: Actor | undefined;
      try {
        actor = cachedActor(app.db, hash);
      } catch (err) {
        return done(err as Error);
      }
      if (actor) {
        request.actor = actor;
        return done();
      }
      loadActor(app.db, hash).then((loaded) => {
        request.actor = loaded;
        done();
      }, done);
    });
    // the token cache serves nothing until this process hears revocations
    await listenForRevocations(app);
  },
  { name: 'auth', dependencies: ['db'] },
);
