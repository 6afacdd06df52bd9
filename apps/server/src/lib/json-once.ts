import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * A response body that never changes, checked against its schema and serialised once. Sending the Buffer
 * skips the per-request zod check and JSON.stringify; the route keeps its response schema for the docs.
 */
export function jsonOnce<S extends z.ZodType>(schema: S, value: z.input<S>): Buffer {
  return Buffer.from(JSON.stringify(schema.parse(value)));
}

/** Sends a body made by `jsonOnce` as JSON. */
export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  // returned by the handler, so Fastify knows the reply is taken care of (an async handler resolving undefined while
  // the async onSend hooks still run made it send a second time: "Reply was already sent", ERR_HTTP_HEADERS_SENT)
  return reply.type('application/json; charset=utf-8').send(body);
}
