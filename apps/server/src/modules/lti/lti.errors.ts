import { HttpError } from '../../lib/http-error';

/** Why an LTI login or launch was refused: the key of the error page's text (shared locales/<code>/lti.json). */
export type LtiRefusal =
  | 'missing_params'
  | 'not_registered'
  | 'state_unknown'
  | 'replayed'
  | 'state_browser'
  | 'cookie_blocked'
  | 'token_signature'
  | 'token_expired'
  | 'token_audience'
  | 'token_issuer'
  | 'token_invalid'
  | 'nonce'
  | 'message'
  | 'deployment'
  | 'claims'
  | 'no_trail'
  | 'role'
  | 'platform_unreachable';

const STATUS: Record<LtiRefusal, number> = {
  missing_params: 400,
  not_registered: 400,
  state_unknown: 400,
  replayed: 401,
  state_browser: 403,
  cookie_blocked: 400,
  token_signature: 401,
  token_expired: 401,
  token_audience: 401,
  token_issuer: 401,
  token_invalid: 401,
  nonce: 401,
  message: 400,
  deployment: 403,
  claims: 400,
  no_trail: 404,
  role: 403,
  platform_unreachable: 502,
};

/** A refused LTI step: the route renders its page (never a 500) and logs the reason, never the token. */
export class LtiError extends HttpError {
  constructor(
    readonly reason: LtiRefusal,
    detail: string,
    /** the login parameters to start again in a new window (cookie_blocked) */
    readonly restart: Record<string, string> | null = null,
  ) {
    super(STATUS[reason], 'lti_launch_invalid', detail);
  }
}
