import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/actor';
import { HttpError } from '../../lib/http-error';
import { RATE_LIMIT_MESSAGE } from '../../plugins/errors';

/**
 * An onRequest hook (after `app.authenticate`) for the four send routes: at most CHAT_RATE_MAX messages per
 * CHAT_RATE_WINDOW seconds per user, whichever route they come through, counted by the rate-limit plugin's store
 * (Redis in scaled mode, so one count across processes). Beyond: 429 `rate_limited` with Retry-After (the web's
 * §8 toast). One learner had sent 2,000 messages in 3.6 s into a colleague's chat (issue 26, item 13).
 */
export function chatSendLimit(app: FastifyInstance) {
  const { max, windowMs } = app.config.chatRate;
  const limiter = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request) => `chat-send:${actorOf(request).userId}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const r = await limiter(request);
    if (r.isAllowed || !r.isExceeded) return;
    reply.header('retry-after', String(Math.max(1, r.ttlInSeconds)));
    throw new HttpError(429, 'rate_limited', RATE_LIMIT_MESSAGE);
  };
}
