import { z } from 'zod';

/**
 * PostgreSQL `integer` bounds. Ids and every other int4 column refuse larger numbers at the edge (422 with the
 * field), so they never reach the database (where they failed with "out of range for type integer": a 500).
 */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** A number an int4 column holds. */
export const int4 = z.number().int().min(INT4_MIN).max(INT4_MAX);
/** A row id in a JSON body. */
export const dbId = z.number().int().positive().max(INT4_MAX);
/** A row id from text (a path, a query, a form field) or JSON. */
export const coercedDbId = z.coerce.number().int().positive().max(INT4_MAX);
