import { coercedDbId, errorBodySchema, INT4_MAX } from '@cairn/shared';
import { z } from 'zod';
import { trustedSerializerCompiler } from './trusted-json';

/** OpenAPI/serializer entries for the error statuses a route can answer with. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema]));
}

/** Errors every authenticated route can answer with. */
export const AUTH_ERRORS = [401, 498] as const;

export const bearer = [{ bearer: [] }];
/** A route anyone may call without a token (sign-in, reference lists, public images): declared, not left out. */
export const noAuth: { bearer: string[] }[] = [];

/** A positive 32-bit id in a path. */
export const idParam = coercedDbId;

/** "3" or "3,5,8": at most 100 ids (the length checked before the pattern: 100 ids of 10 digits and their commas). */
export const idListParam = z
  .string()
  .max(1_100, { abort: true })
  .regex(/^\d+(,\d+)*$/, { message: 'ids must be a comma-separated list of numbers' })
  .transform((s) => s.split(',').map(Number))
  .refine((a) => a.length <= 100 && a.every((n) => n > 0 && n <= INT4_MAX), { message: 'ids out of range' });

/**
 * Route options of the hot reads: their bodies are serialised by the compiled pick of their schema instead of a full
 * zod check (lib/trusted-json.ts; same bytes for every valid body, same OpenAPI document).
 */
export const trustedResponse = { serializerCompiler: trustedSerializerCompiler };
