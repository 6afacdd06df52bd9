import { type ErrorBody, type ErrorCode, enMessage, FIELD_ERRORS_MAX, type RuleFailure } from '@cairn/shared';

/** An error that becomes the shared ErrorBody with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Pick<ErrorBody, 'errors' | 'rules' | 'errors_omitted'> = {},
  ) {
    super(message);
  }

  /** The JSON body sent to the client. */
  toBody(): ErrorBody {
    return { message: this.message, code: this.code, ...this.extra };
  }
}

/**
 * 422 with per-field messages and the failed rule of the shared rule set: the first FIELD_ERRORS_MAX fields, and
 * `errors_omitted` counting the rest (a body with 50,000 bad names answered 7.4 MB of field errors).
 */
export function validationError(failures: Record<string, RuleFailure>): HttpError {
  const all = Object.entries(failures);
  const shown = all.slice(0, FIELD_ERRORS_MAX);
  const errors: Record<string, string[]> = {};
  const rules: Record<string, RuleFailure> = {};
  for (const [field, f] of shown) {
    errors[field] = [enMessage(field, f)];
    rules[field] = f;
  }
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid';
  const omitted = all.length - shown.length;
  return new HttpError(422, 'validation_failed', first, {
    errors,
    rules,
    ...(omitted > 0 ? { errors_omitted: omitted } : {}),
  });
}

/** Throws a 422 when the shared rules report any failure. */
export function assertValid(failures: Record<string, RuleFailure>): void {
  if (Object.keys(failures).length > 0) throw validationError(failures);
}

export const unauthenticated = (message = 'Unauthenticated') => new HttpError(401, 'unauthenticated', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
export const forbidden = (message = 'This action is unauthorized') => new HttpError(403, 'forbidden', message);
