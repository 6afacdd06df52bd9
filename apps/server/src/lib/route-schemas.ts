import { errorBodySchema } from '@cairn/shared';

/** OpenAPI/serializer entries for the error statuses a route can answer with. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema]));
}

/** Errors every authenticated route can answer with. */
export const AUTH_ERRORS = [401, 498] as const;

export const bearer = [{ bearer: [] }];
