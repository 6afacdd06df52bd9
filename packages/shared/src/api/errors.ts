import { z } from 'zod';

/** Every error the API sends: an English message, a stable code the client translates, and field errors on 422. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  /** field → messages (English); present on 422 */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** field → the failed rule of the shared rule set, for translation as validation.{rule} */
  rules: z
    .record(z.string(), z.object({ rule: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }))
    .optional(),
  /** on a 422 with more failed fields than `errors` lists (the first FIELD_ERRORS_MAX): how many more there were */
  errors_omitted: z.number().int().optional(),
});
/** A 422 lists at most this many fields in `errors` and `rules`; `errors_omitted` counts the rest. */
export const FIELD_ERRORS_MAX = 20;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The message the catalogue (§8) treats as a login failure. */
export const INVALID_CREDENTIALS_MESSAGE = 'The user credentials were incorrect';

/** Error codes the API uses; the client maps them to translation keys errors.{code}. */
export const ERROR_CODES = [
  'validation_failed',
  'invalid_credentials',
  'unauthenticated',
  'token_expired',
  'forbidden',
  'not_found',
  'rate_limited',
  'payload_too_large',
  /** 414: the request's URL (path and query) is longer than the server takes */
  'uri_too_long',
  /** 431: the request's header fields are larger than the server takes */
  'headers_too_large',
  /** 408: the request did not arrive in time (REQUEST_TIMEOUT, HEADERS_TIMEOUT) */
  'request_timeout',
  'unsupported_media_type',
  /** 415: the uploaded file is not of the kind its question asks for (an audio file for a photo question) */
  'upload_correct_file_type',
  'invalid_refresh_token',
  'invalid_reset_token',
  'provider_disabled',
  'provider_token_invalid',
  /** 422: the social sign-in proved an address no account uses */
  'unknown_account',
  /** 503: the social sign-in's issuer cannot be reached (discovery or keys) */
  'provider_unavailable',
  'internal_error',
  /** 503: a service the request needs (the database) is down for a moment; the request can be sent again */
  'service_unavailable',
  /** 423: the pebble is locked until the previous one is answered */
  'pebble_locked',
  /** 409: the pebble was answered and its answers cannot be changed */
  'answer_locked',
  /** 409: the learner's progress on the trail kept changing while the answer was decided (other tabs answering at
   * the same moment); nothing was stored: send it again */
  'answer_conflict',
  /** 409: the answer was made (its client id's time) before the learner's attempt was reset; nothing was stored */
  'answer_reset',
  /** 409: reset refused, no tries left */
  'no_tries_left',
  /** 409: reset refused, nothing answered yet */
  'nothing_to_reset',
  /** 409: the rater has rated this answer already */
  'already_rated',
  /** 409: a battle between the two players on this trail is already open */
  'battle_exists',
  /** 409: the battle does not allow this now (accept or decline once answered, play before acceptance or after the end) */
  'battle_state',
  /** 423: the trail's start date has not come yet */
  'trail_not_started',
  /** 413: the user's or the customer's storage quota is used up (QUOTA_USER_MB, QUOTA_CUSTOMER_MB) */
  'quota_exceeded',
  /** 507: the server's disk is short of room (DISK_RESERVE_MB kept free); uploads are refused for now */
  'insufficient_storage',
  /** 409: the trail's state does not allow this (publish a published trail, assign a draft or a retired one) */
  'trail_state',
  /** 400/401/403: an LTI login or launch failed one of its checks (docs/lti.md); the message says which */
  'lti_launch_invalid',
  /** 409: an LTI platform with this issuer and client id is registered already */
  'lti_platform_exists',
  /** 422: an invitation link that is unknown, used, revoked (re-sent) or past its 7 days */
  'invalid_invitation',
  /** 422: a CSV import with problems: nothing was imported; `data.problems` lists each by row and column */
  'import_invalid',
  /** 409: the invitation was accepted already (there is nothing to re-send) */
  'already_accepted',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP 498: the access token has expired; the client refreshes and retries. */
export const TOKEN_EXPIRED_STATUS = 498;
