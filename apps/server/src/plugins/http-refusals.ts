import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { HttpError } from '../lib/http-error';
import { securityHeaders } from './security-headers';

/**
 * The longest URL (path and query) the server takes: longer ones are refused with 414 and the error body. A list of
 * the documented 100 ids of 10 digits (1,099 characters, GET /api/rewards/user/{ids}) fits well under it.
 */
export const URL_MAX = 4096;
/** The request line and header fields together (Node's default, made explicit): larger ones are refused with 431. */
export const MAX_HEADER_SIZE = 16 * 1024;

const uriTooLong = () => new HttpError(414, 'uri_too_long', `The request URL is longer than ${URL_MAX} characters`);

/**
 * Refusals Node's HTTP parser makes before Fastify sees a request (the http server's `clientError`): answered with
 * the project's error body and security headers instead of Node's bare text — 414 when the request line is too long,
 * 431 when the header fields are, 408 when the request did not arrive in time, 400 for a malformed request.
 */
export function httpRefusal(err: NodeJS.ErrnoException & { rawPacket?: Buffer }): HttpError {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new HttpError(408, 'request_timeout', 'The request did not arrive in time');
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    // the request line alone is longer than a URL may be: the URL is what is too long
    const raw = err.rawPacket;
    const eol = raw ? raw.indexOf('\r\n') : -1;
    if (raw && /^[A-Z]+ /.test(raw.subarray(0, 16).toString('latin1')) && (eol === -1 || eol > URL_MAX + 32))
      return uriTooLong();
    return new HttpError(431, 'headers_too_large', 'The request header fields are too large');
  }
  return new HttpError(400, 'validation_failed', 'The request is not valid HTTP');
}

/** Fastify's `clientErrorHandler`: writes the refusal on the raw socket and closes it. */
export function clientErrorHandler(config: AppConfig) {
  const headers = Object.entries(securityHeaders(config))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function onClientError(this: FastifyInstance, err: Error, socket: Socket): void {
    const e = err as NodeJS.ErrnoException;
    // a reset connection is gone already: nothing to answer
    if (e.code === 'ECONNRESET' || socket.destroyed) return;
    const refusal = httpRefusal(e);
    this.log.trace({ err }, `client error ${refusal.statusCode}`);
    if (socket.writable) {
      const body = JSON.stringify(refusal.toBody());
      socket.write(
        `HTTP/1.1 ${refusal.statusCode} ${STATUS_CODES[refusal.statusCode]}\r\n` +
          `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
          `connection: close\r\n${headers}\r\n${body}`,
      );
    }
    socket.destroy(err);
  };
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route or hook (a parameter longer than
 * maxParamLength, a path that does not decode) leaves with the error body too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const refusal =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? uriTooLong()
      : new HttpError(400, 'validation_failed', 'The request URL is not valid');
  // these replies skip the onSend hooks: the security headers are set here
  void reply
    .headers(securityHeaders(reply.server.config))
    .code(refusal.statusCode)
    .type('application/json; charset=utf-8')
    .send(refusal.toBody());
}

/** A URL over URL_MAX is refused (414) before authentication or any handler runs. */
export default fp(
  async function httpRefusalsPlugin(app: FastifyInstance) {
    // a callback hook: no promise per request (it runs on every one)
    app.addHook('onRequest', (request, _reply, done) => {
      done(request.url.length > URL_MAX ? uriTooLong() : undefined);
    });
  },
  { name: 'http-refusals', dependencies: ['errors'] },
);
