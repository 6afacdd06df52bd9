import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** One shared Redis connection when REDIS_URL is set (rate limits); `app.redis` is null otherwise. */
export default fp(
  async function redisPlugin(app: FastifyInstance) {
    if (!app.config.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    // while Redis is unreachable a command fails at once instead of waiting in a queue for it to come back: the
    // rate limiter then lets the request through (skipOnError) rather than holding a sign-in for seconds
    const redis = new Redis(app.config.redisUrl, {
      maxRetriesPerRequest: 2,
      lazyConnect: true,
      enableOfflineQueue: false,
    });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);
