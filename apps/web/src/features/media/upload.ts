import type { ErrorBody } from '@cairn/shared/api/errors';
import { errorText, HttpError, refreshSession, TOKEN_EXPIRED } from '../../lib/http';
import { i18n } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { session } from '../../lib/session';

export interface UploadOptions {
  /** 0-100 while the body is sent */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** §8 for uploads: every message of the errors map as its own toast, otherwise the response message. */
export function reportUploadError(body: Partial<ErrorBody> | undefined): void {
  const messages = Object.values(body?.errors ?? {}).flat();
  if (messages.length > 0) for (const m of messages) notify.error(m);
  else notify.error(errorText(body));
}

/**
 * Sends a multipart form with XMLHttpRequest, because fetch reports no upload progress.
 * A token known to be stale is refreshed first. A 498 all the same (the token ran out on the way) refreshes the
 * session; §4 then retries every request "unless its URL contains /media": an answer upload (POST /media) is not sent
 * again — the learner is told the upload did not go through and to choose the file again (the next try carries the
 * fresh token) — while other forms (the vault's POST /api/vaults) are sent once more, their progress starting from 0.
 * A refresh that fails ends the session as any 498 does.
 */
export async function uploadForm<T>(url: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  const before = session.tokens();
  if (before && before.accessExpiresAt <= Date.now()) await refreshSession();
  try {
    return await sendForm<T>(url, form, opts);
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== TOKEN_EXPIRED) throw err;
    if (!(await refreshSession())) throw err;
    if (url.includes('/media')) {
      notify.error(i18n.t('errors:http.uploadSessionRenewed'));
      throw err;
    }
    opts.onProgress?.(0);
    return sendForm<T>(url, form, opts, true);
  }
}

function sendForm<T>(url: string, form: FormData, opts: UploadOptions, retried = false): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = session.tokens()?.accessToken;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const error = new HttpError(xhr.status, url, body as Partial<ErrorBody> | undefined);
      // a 498 is the caller's to refresh and send again (once: `retried`, then the caller reports it)
      if (xhr.status === TOKEN_EXPIRED) {
        if (retried) void refreshSession();
        return reject(error);
      }
      if (xhr.status === 401) session.end('expired');
      else reportUploadError(error.body);
      reject(error);
    };
    xhr.onerror = () => reject(new HttpError(0, url, undefined));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
