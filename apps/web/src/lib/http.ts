import type { ErrorBody } from '@cairn/shared/api/errors';
import { tracked } from './activity';
import { i18n } from './i18n';
import { navigateTo } from './navigation';
import { notify } from './notify';
import { session } from './session';

/** Mirrors TOKEN_EXPIRED_STATUS and INVALID_CREDENTIALS_MESSAGE of @cairn/shared/api/errors, which would pull zod into the bundle. */
export const TOKEN_EXPIRED = 498;
const INVALID_CREDENTIALS = 'The user credentials were incorrect';
const SSO_STATUSES = [495, 496, 497];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialisable value or FormData */
  body?: unknown;
  /** statuses the caller handles itself: the global catalogue stays silent for them */
  handle?: number[];
  /** §8 "logged only": no toast and no redirect for any failure; only an ended session (401) still ends it */
  quiet?: boolean;
  /** send no bearer token (login, refresh, password reset) */
  anonymous?: boolean;
  /** use this access token instead of the stored one (login reads the profile before storing tokens) */
  token?: string;
  signal?: AbortSignal;
  /** 'file': a successful answer is read as a file ({@link DownloadedFile}) instead of JSON */
  as?: 'file';
}

/** A file answered by the server (a download), with the name its Content-Disposition gives. */
export interface DownloadedFile {
  blob: Blob;
  name: string | null;
}

/** The file name of a Content-Disposition header: the UTF-8 `filename*` when present, else `filename`. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the ASCII name
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/** A non-2xx answer; `body` is the API's ErrorBody when it sent one. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly body: Partial<ErrorBody> | undefined,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/** Translates an API error by its stable code, falling back to the server's English message. */
export function errorText(body: Partial<ErrorBody> | undefined): string {
  const key = `errors:codes.${body?.code}`;
  if (body?.code && i18n.exists(key)) return translate(key);
  return body?.message || i18n.t('errors:http.generic');
}

// Server-provided keys (error codes, rule names) are not known to the type system.
function translate(key: string, options?: Record<string, unknown>): string {
  return (i18n.t as unknown as (k: string, o?: Record<string, unknown>) => string)(key, options);
}

/**
 * How a refresh ended: `ok`, or not — `ended` when the server refused the refresh token (the session is over), else
 * the refusal to report (a 429 or 503 that outlasted the retries; none when no answer came).
 */
export type RefreshOutcome = { ok: true } | { ok: false; ended: boolean; error?: HttpError };

let refreshing: Promise<RefreshOutcome> | null = null;

/** Refreshes the tokens once for all callers waiting at the same time; false: not refreshed (see refreshOutcome). */
export function refreshSession(): Promise<boolean> {
  return refreshOutcome().then((o) => o.ok);
}

/** {@link refreshSession} with the reason a refresh failed. */
export function refreshOutcome(): Promise<RefreshOutcome> {
  if (!refreshing) {
    refreshing = doRefresh().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

// Tabs refresh one at a time (Web Locks), and a tab that waited adopts the tokens the other one got instead of
// presenting the rotated refresh token again.
function doRefresh(): Promise<RefreshOutcome> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return refreshWithServer(session.tokens()?.refreshToken ?? null);
  const seen = session.tokens()?.refreshToken ?? null;
  return locks.request('cairn-refresh', async () => {
    const stored = session.stored();
    if (stored && seen && stored.refreshToken !== seen && stored.accessExpiresAt > Date.now()) {
      session.adopt(stored);
      return { ok: true } as const;
    }
    return refreshWithServer(stored?.refreshToken ?? seen);
  });
}

/** Attempts of one refresh; waits between them: the server's Retry-After, else 1 s then 2 s. */
export const REFRESH_ATTEMPTS = 3;
const REFRESH_BACKOFF_MS = 1000;
/** a Retry-After longer than this is not waited for: the request fails now with the usual toast */
const REFRESH_MAX_WAIT_MS = 10_000;
/** answers that say "not now" rather than "no": the refresh is tried again */
const RETRIED_STATUSES = [429, 502, 503, 504];

function retryAfterMs(res: Response | null, attempt: number): number {
  const header = res?.headers.get('retry-after');
  const seconds = header && /^\d+$/.test(header.trim()) ? Number(header) : null;
  return seconds !== null ? seconds * 1000 : REFRESH_BACKOFF_MS * 2 ** attempt;
}

/**
 * Only a 401 `invalid_refresh_token` (the token is unknown, expired, revoked or reused) ends the session. A 429,
 * a 502-504 or no answer at all is retried up to REFRESH_ATTEMPTS times, honouring Retry-After; if it still fails
 * the session is kept and the request that needed the refresh fails (one office's bogus refreshes or a database
 * blip signed everyone out, issue 26 item 5).
 */
async function refreshWithServer(refreshToken: string | null): Promise<RefreshOutcome> {
  if (!refreshToken) return { ok: false, ended: false };
  for (let attempt = 0; ; attempt++) {
    let res: Response | null = null;
    try {
      res = await fetch('/api/refresh', {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
    } catch (err) {
      // no answer (offline, or the page is being left and the request aborted): the session is not known to be over
      console.warn('session refresh not answered', err);
    }
    if (res?.ok) {
      const json = (await parse(res)) as { data?: Parameters<typeof session.save>[0] } | undefined;
      if (!json?.data) return { ok: false, ended: false, error: new HttpError(res.status, '/api/refresh', undefined) };
      session.save(json.data);
      return { ok: true };
    }
    const body = res ? ((await parse(res)) as Partial<ErrorBody> | undefined) : undefined;
    if (res?.status === 401 && body?.code === 'invalid_refresh_token') {
      session.end('expired');
      return { ok: false, ended: true };
    }
    const error = res ? new HttpError(res.status, '/api/refresh', body) : undefined;
    const wait = retryAfterMs(res, attempt);
    const again = (!res || RETRIED_STATUSES.includes(res.status)) && attempt + 1 < REFRESH_ATTEMPTS;
    if (!again || wait > REFRESH_MAX_WAIT_MS) {
      console.warn('session refresh failed; the session is kept', res?.status ?? 'no answer');
      return { ok: false, ended: false, error };
    }
    await new Promise((r) => setTimeout(r, wait));
  }
}

/**
 * The request could not go on because its refresh failed without ending the session: it fails with the refusal's
 * usual toast (the rate-limit one for 429) unless the caller is quiet or handles that status, and the session stays.
 */
function refreshFailed(url: string, opts: RequestOptions, outcome: { error?: HttpError }): HttpError {
  const refused = outcome.error;
  if (!refused) return new HttpError(TOKEN_EXPIRED, url, undefined);
  const error = new HttpError(refused.status, url, refused.body);
  if (opts.quiet) console.error('request failed: session not refreshed', url, refused.status);
  else if (!opts.handle?.includes(refused.status)) {
    if (refused.status === 429) notify.rateLimited();
    else notify.error(errorText(refused.body));
  }
  return error;
}

async function send(url: string, opts: RequestOptions): Promise<{ res: Response; token: string | null }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = opts.anonymous ? null : (opts.token ?? session.tokens()?.accessToken ?? null);
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await tracked(() =>
    fetch(url, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    }),
  );
  return { res, token };
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends a JSON request with the bearer token and applies the §8 error catalogue to failures. */
export async function request<T>(url: string, opts: RequestOptions = {}): Promise<T> {
  const before = session.tokens();
  // an access token known to be stale is refreshed first rather than earning a guaranteed 498
  if (!opts.anonymous && before && before.accessExpiresAt <= Date.now()) {
    const outcome = await refreshOutcome();
    if (!outcome.ok && !outcome.ended) throw refreshFailed(url, opts, outcome);
  }

  let { res, token } = await send(url, opts);

  // a request that raced this tab's own logout: the refusal is expected, nothing to refresh, toast or end
  if (token && session.isRetiring(token) && [401, 403, TOKEN_EXPIRED].includes(res.status)) {
    throw new HttpError(res.status, url, undefined);
  }

  if (res.status === TOKEN_EXPIRED && !opts.anonymous) {
    // another request may already have refreshed while this one was in flight
    const fresh: RefreshOutcome =
      session.tokens()?.accessToken !== token && session.tokens() ? { ok: true } : await refreshOutcome();
    if (!fresh.ok) throw fresh.ended ? new HttpError(res.status, url, undefined) : refreshFailed(url, opts, fresh);
    if (url.includes('/media')) throw new HttpError(res.status, url, undefined);
    ({ res, token } = await send(url, opts));
    if (res.status === TOKEN_EXPIRED) {
      session.end('expired');
      throw new HttpError(res.status, url, undefined);
    }
  }

  if (res.ok && opts.as === 'file') {
    const file: DownloadedFile = {
      blob: await res.blob(),
      name: dispositionName(res.headers.get('content-disposition')),
    };
    return file as T;
  }
  const body = await parse(res);
  if (res.ok) return body as T;

  const error = new HttpError(res.status, url, body as Partial<ErrorBody> | undefined);
  if (opts.quiet && res.status !== 401) console.error('request failed', url, res.status, body);
  else if (
    !opts.handle?.includes(res.status) &&
    !outlivedItsSession(token, res.status) &&
    !sentSignedOut(token, res.status, opts)
  )
    applyCatalogue(error, !!token);
  throw error;
}

/**
 * A 401 to a request that needs a session but went out with none: the session had already ended (a public user's
 * finish or exit, a logout) while a screen was still loading something. Nothing the user can act on, and the guards
 * already send them where they belong: no "Please log in to continue." toast (the thank-you page stays clean).
 */
function sentSignedOut(token: string | null, status: number, opts: RequestOptions): boolean {
  return status === 401 && !token && !opts.anonymous;
}

/**
 * A request that carried a token of a session that has since ended (logout, public finish) or been replaced
 * (sign-in) was answered too late to matter: its refusal must not end or expire the session that is there now.
 */
function outlivedItsSession(token: string | null, status: number): boolean {
  if (!token) return false;
  const current = session.tokens();
  if (!current) return true;
  return current.accessToken !== token && (status === 401 || status === 403);
}

/** The global reactions of §8 to a failed request. */
function applyCatalogue(error: HttpError, sentToken: boolean): void {
  const { status, body } = error;
  if (SSO_STATUSES.includes(status)) {
    notify.error(i18n.t('errors:http.ssoError'));
  } else if (status === 401 && sentToken) {
    // a token the server no longer accepts means the session is over, like a failed refresh
    session.end('expired');
  } else if (status === 403) {
    void session.handOff('/login', () => navigateTo('/login'), 'forbidden');
  } else if (status === 404) {
    void navigateTo('/games');
  } else if (status === 422) {
    validationToast(body);
  } else if (status === 429) {
    notify.rateLimited();
  } else if (status === 500) {
    console.error('server error', error.url, body);
  } else {
    notify.error(errorText(body));
  }
}

function validationToast(body: Partial<ErrorBody> | undefined): void {
  if (body?.errors) {
    const items: string[] = [];
    for (const [field, messages] of Object.entries(body.errors)) {
      const rule = body.rules?.[field];
      if (rule) {
        const fieldName = translate(`validation:fields.${field}`, { defaultValue: field });
        items.push(translate(`validation:${rule.rule}`, { ...rule.params, field: fieldName }));
      } else {
        items.push(...messages);
      }
    }
    if (items.length === 0) items.push(i18n.t('errors:http.validationFallback'));
    notify.errorList(items);
    return;
  }
  if (body?.message && body.message !== INVALID_CREDENTIALS) notify.error(errorText(body));
}

export const http = {
  get: <T>(url: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(url, { ...opts, method: 'GET' }),
  post: <T>(url: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(url, { ...opts, method: 'POST', body }),
  put: <T>(url: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(url, { ...opts, method: 'PUT', body }),
  del: <T>(url: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(url, { ...opts, method: 'DELETE' }),
};
