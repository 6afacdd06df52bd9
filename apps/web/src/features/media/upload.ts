import type { ErrorBody } from '@cairn/shared/api/errors';
import { errorText, HttpError, refreshSession, TOKEN_EXPIRED } from '../../lib/http';
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
 * A 498 refreshes the session but is not retried: the user re-submits rather than re-sending a large body unseen.
 */
export async function uploadForm<T>(url: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  // a token known to be stale is refreshed first, since a 498 here is not retried
  const before = session.tokens();
  if (before && before.accessExpiresAt <= Date.now()) await refreshSession();
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
      if (xhr.status === TOKEN_EXPIRED) void refreshSession();
      else if (xhr.status === 401) session.end('expired');
      else reportUploadError(error.body);
      reject(error);
    };
    xhr.onerror = () => reject(new HttpError(0, url, undefined));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
