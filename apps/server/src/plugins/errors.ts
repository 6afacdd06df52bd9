import type { RuleFailure } from '@cairn/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { HttpError, validationError } from '../lib/http-error';
import { StorageUnavailableError } from '../storage';

export const RATE_LIMIT_MESSAGE = 'Max amount of request reached, please wait 1 minute and retry';

/** Maps one zod issue onto the shared rule set, so server and client speak the same rule names. */
function ruleOf(issue: ZodFastifySchemaValidationError): RuleFailure {
  const p = issue.params as Record<string, unknown>;
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined|received null/.test(issue.message ?? '')
        ? { rule: 'required', params: {} }
        : { rule: p.expected === 'number' ? 'numeric' : 'regex', params: {} };
    case 'too_small':
      return p.origin === 'string'
        ? { rule: 'min', params: { length: Number(p.minimum) } }
        : { rule: 'min_value', params: { min: Number(p.minimum) } };
    case 'too_big':
      return p.origin === 'string'
        ? { rule: 'max', params: { length: Number(p.maximum) } }
        : { rule: 'max_value', params: { max: Number(p.maximum) } };
    case 'invalid_format':
      if (p.format === 'email') return { rule: 'email', params: {} };
      if (p.format === 'url') return { rule: 'url', params: {} };
      if (p.format === 'date') return { rule: 'date', params: {} };
      return { rule: 'regex', params: {} };
    case 'invalid_value':
    case 'invalid_union':
      return {
        rule: 'oneOf',
        params: Array.isArray(p.values) ? { values: (p.values as unknown[]).map(String).join(', ') } : {},
      };
    default:
      return { rule: 'regex', params: {} };
  }
}

function fieldOf(issue: ZodFastifySchemaValidationError, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * PostgreSQL SQLSTATEs of a server that is shutting down, starting or unreachable (class 08 and 57P0x), and 57014
 * query_canceled: the statement timeout (db/client.ts) cancelled a statement of a server too slow to answer.
 */
const DB_DOWN_STATES = new Set(['57P01', '57P02', '57P03', '57014', '08000', '08001', '08003', '08004', '08006']);
const DB_DOWN_SYSCALLS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);
const DB_DOWN_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/;

/**
 * Whether an error (or its cause: Drizzle wraps the driver's) says the database cannot be reached right now, rather
 * than that the query was wrong. Such requests answer 503 at once: pg fails a connection to a stopped server
 * immediately, and the pool waits at most its connection timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (DB_DOWN_STATES.has(code) || DB_DOWN_SYSCALLS.has(code))) return true;
    if (typeof message === 'string' && DB_DOWN_MESSAGE.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable; please try again in a moment';

function send(reply: FastifyReply, err: HttpError): FastifyReply {
  return reply.code(err.statusCode).type('application/json; charset=utf-8').send(err.toBody());
}

/** Every error leaves as the shared ErrorBody; bad input never becomes a 500. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | HttpError | Record<string, unknown>, request, reply) => {
      if (error instanceof HttpError) return send(reply, error);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const failures: Record<string, RuleFailure> = {};
        for (const issue of error.validation) {
          const field = fieldOf(issue, error.validationContext);
          failures[field] ??= ruleOf(issue);
        }
        return send(reply, validationError(failures));
      }
      const e = error as FastifyError;
      const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
      if (status === 429) return send(reply, new HttpError(429, 'rate_limited', RATE_LIMIT_MESSAGE));
      switch (e.code) {
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return send(reply, new HttpError(413, 'payload_too_large', 'The request body is too large'));
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return send(
            reply,
            new HttpError(415, 'unsupported_media_type', 'Unsupported content type; send application/json'),
          );
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
          return send(reply, new HttpError(400, 'validation_failed', 'The request body is not valid JSON'));
      }
      if (status >= 400 && status < 500) {
        const code =
          status === 401
            ? 'unauthenticated'
            : status === 403
              ? 'forbidden'
              : status === 404
                ? 'not_found'
                : 'validation_failed';
        return send(reply, new HttpError(status, code, e.message || 'Bad request'));
      }
      if (error instanceof StorageUnavailableError) {
        // the object store is unreachable (S3 down, network): a passing outage too, nothing was half-written
        request.log.warn({ err: error }, 'storage unavailable');
        reply.header('retry-after', '5');
        return send(reply, new HttpError(503, 'service_unavailable', SERVICE_UNAVAILABLE_MESSAGE));
      }
      if (isDatabaseUnavailable(error)) {
        // an outage, not a bug: one warning per request, no error report per request
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', '5');
        return send(reply, new HttpError(503, 'service_unavailable', SERVICE_UNAVAILABLE_MESSAGE));
      }
      request.log.error({ err: error }, 'request failed');
      app.reportError(error, request);
      return send(reply, new HttpError(500, 'internal_error', 'Something went wrong on our side'));
    });

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0];
      if (request.method === 'GET' && !isApiPath(path) && app.spaFallback) {
        const handled = await app.spaFallback(request, reply);
        if (handled) return reply;
      }
      return send(reply, new HttpError(404, 'not_found', `Route ${request.method} ${path} not found`));
    });
  },
  { name: 'errors' },
);
