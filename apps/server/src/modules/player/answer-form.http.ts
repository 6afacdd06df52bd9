import multipart, { type MultipartValue } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { ANSWER_FORM_LIMITS, answerFormOf, tooManyKeys } from './answer-form';

/** A UTF-8 character is at most 4 bytes: the parser's byte limit that still lets the longest value through. */
const VALUE_BYTES = ANSWER_FORM_LIMITS.valueLength * 4;

/**
 * The spec's answer form on POST /api/pebbles/{id} (answer-form.ts): application/x-www-form-urlencoded is parsed
 * here into the JSON form before the schema checks it; multipart/form-data is read by `readAnswerMultipart`, the
 * route's preValidation. Registered in the player routes' scope only; other content types stay 415.
 */
export async function answerFormParsers(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    try {
      // the cap is checked on the raw text before the pairs are decoded
      let keys = 0;
      for (let at = text.indexOf('&'); at >= 0; at = text.indexOf('&', at + 1))
        if (++keys >= ANSWER_FORM_LIMITS.keys) throw tooManyKeys();
      done(null, answerFormOf(new URLSearchParams(text)));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  await app.register(multipart);
}

/** preValidation of the answer route: a multipart answer form becomes the JSON form (fields only, bounded). */
export async function readAnswerMultipart(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const pairs: [string, string][] = [];
  try {
    const parts = request.parts({
      limits: {
        fields: ANSWER_FORM_LIMITS.keys,
        parts: ANSWER_FORM_LIMITS.keys + 1,
        files: 1,
        fieldNameSize: ANSWER_FORM_LIMITS.keyLength + 1,
        fieldSize: VALUE_BYTES,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        part.file.resume();
        const message = 'Upload files through POST /media and send the media id as the answer value';
        // named by a fixed field: a part's name is the client's own text (it may be __proto__)
        throw new HttpError(422, 'validation_failed', message, { errors: { answers: [message] } });
      }
      const f = part as MultipartValue;
      if (f.fieldnameTruncated || f.valueTruncated) {
        // answerFormOf refuses what it reads by its key, and ignores the rest unread
        pairs.push([f.fieldname, 'x'.repeat(ANSWER_FORM_LIMITS.valueLength + 1)]);
        continue;
      }
      pairs.push([f.fieldname, String(f.value)]);
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const e = err as { statusCode?: number };
    if (e.statusCode === 413) throw tooManyKeys();
    request.log.debug({ err }, 'malformed multipart body');
    throw new HttpError(400, 'validation_failed', 'The multipart body is malformed');
  }
  request.body = answerFormOf(pairs);
}
