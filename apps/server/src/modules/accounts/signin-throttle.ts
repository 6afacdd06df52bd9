import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from '../../lib/http-error';
import { RATE_LIMIT_MESSAGE } from '../../plugins/errors';

/**
 * Password sign-ins per account and address (issue 26, item 6): the first SIGNIN_FREE_ATTEMPTS attempts for an
 * account from one address are free; from then on each attempt is allowed only after a delay that doubles from
 * SIGNIN_DELAY_BASE_MS up to SIGNIN_DELAY_CAP_MS, else 429 `rate_limited` with Retry-After. A successful sign-in
 * clears the count; it is forgotten SIGNIN_WINDOW_MS after the last attempt. Keyed by account and address, so an
 * attacker slows only their own guesses: the owner, from another address, signs in at once (a delay, not a lockout
 * others can impose). An attempt is counted before its password is checked, so parallel guesses cannot all slip
 * through before the first failure is recorded. Counted in Redis in scaled mode (one count for all processes), in
 * this process otherwise; a Redis error lets the attempt through, as the rate limiter does.
 */
export const SIGNIN_FREE_ATTEMPTS = 5;
export const SIGNIN_DELAY_BASE_MS = 1000;
export const SIGNIN_DELAY_CAP_MS = 60_000;
export const SIGNIN_WINDOW_MS = 15 * 60_000;
/** in-process counts kept at most (the oldest are dropped first) */
const LOCAL_MAX_KEYS = 100_000;

/** The wait imposed after the `n`-th counted attempt (0 before SIGNIN_FREE_ATTEMPTS). */
export function delayAfter(n: number): number {
  if (n < SIGNIN_FREE_ATTEMPTS) return 0;
  return Math.min(SIGNIN_DELAY_BASE_MS * 2 ** (n - SIGNIN_FREE_ATTEMPTS), SIGNIN_DELAY_CAP_MS);
}

// KEYS[1] the count; ARGV now, free attempts, base, cap, window. Returns the ms still to wait (0: counted, go on).
const ATTEMPT_LUA = `
local now = tonumber(ARGV[1])
local nextAt = tonumber(redis.call('HGET', KEYS[1], 'next') or '0')
if now < nextAt then return nextAt - now end
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
local free = tonumber(ARGV[2])
if n >= free then
  local wait = math.min(tonumber(ARGV[3]) * 2 ^ (n - free), tonumber(ARGV[4]))
  redis.call('HSET', KEYS[1], 'next', now + wait)
end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[5]))
return 0
`;

interface Count {
  n: number;
  nextAt: number;
  forgetAt: number;
}

interface ThrottleStore {
  /** counts an attempt; the ms to wait instead when one is due */
  attempt(key: string, now: number): Promise<number>;
  clear(key: string): Promise<void>;
}

function localStore(): ThrottleStore {
  const counts = new Map<string, Count>();
  return {
    async attempt(key, now) {
      let c = counts.get(key);
      if (c && c.forgetAt <= now) c = undefined;
      if (c && now < c.nextAt) return c.nextAt - now;
      const n = (c?.n ?? 0) + 1;
      counts.delete(key);
      if (counts.size >= LOCAL_MAX_KEYS) counts.delete(counts.keys().next().value as string);
      counts.set(key, { n, nextAt: now + delayAfter(n), forgetAt: now + SIGNIN_WINDOW_MS });
      return 0;
    },
    async clear(key) {
      counts.delete(key);
    },
  };
}

type ThrottleRedis = Redis & { signinAttempt(key: string, ...args: number[]): Promise<number> };

function redisStore(redis: Redis): ThrottleStore {
  if (!('signinAttempt' in redis)) redis.defineCommand('signinAttempt', { numberOfKeys: 1, lua: ATTEMPT_LUA });
  const r = redis as ThrottleRedis;
  return {
    attempt: async (key, now) =>
      Number(
        await r.signinAttempt(
          key,
          now,
          SIGNIN_FREE_ATTEMPTS,
          SIGNIN_DELAY_BASE_MS,
          SIGNIN_DELAY_CAP_MS,
          SIGNIN_WINDOW_MS,
        ),
      ),
    clear: async (key) => {
      await r.del(key);
    },
  };
}

export interface SigninThrottle {
  /** Counts a sign-in attempt for the account and address, or refuses it with 429 and Retry-After. */
  admit(username: string, ip: string, reply: FastifyReply): Promise<void>;
  /** The account signed in from the address: its count starts again. */
  succeeded(username: string, ip: string): Promise<void>;
}

export function signinThrottle(app: FastifyInstance): SigninThrottle {
  const store = app.redis ? redisStore(app.redis) : localStore();
  const keyOf = (username: string, ip: string) => {
    // the username is bounded (254) by the request schema; hashed so the key neither grows nor holds the address
    const account = createHash('sha256').update(username.trim().toLowerCase()).digest('base64url');
    return `${app.config.rateLimit.namespace}signin:${account}:${ip}`;
  };
  return {
    async admit(username, ip, reply) {
      let wait = 0;
      try {
        wait = await store.attempt(keyOf(username, ip), Date.now());
      } catch (err) {
        app.log.warn({ err }, 'sign-in throttle unavailable: attempt let through');
      }
      if (wait <= 0) return;
      reply.header('retry-after', String(Math.max(1, Math.ceil(wait / 1000))));
      throw new HttpError(429, 'rate_limited', RATE_LIMIT_MESSAGE);
    },
    async succeeded(username, ip) {
      await store.clear(keyOf(username, ip)).catch((err) => app.log.warn({ err }, 'sign-in throttle not cleared'));
    },
  };
}
