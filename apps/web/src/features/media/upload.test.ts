import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() =>
  Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() }),
);
vi.mock('sonner', () => ({ toast }));

import { HttpError } from '../../lib/http';
import { session, sessionStore } from '../../lib/session';
import { uploadForm } from './upload';

const tokens = (access: string) => ({
  token_type: 'Bearer' as const,
  access_token: access,
  refresh_token: `refresh-${access}`,
  expires_in: 600,
  refresh_expires_in: 3600,
});

/** The browser's XMLHttpRequest, answering every send with the next status of `statuses`. */
function stubXhr(statuses: number[]) {
  const sent: { url: string; auth: string | undefined }[] = [];
  class Xhr {
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    url = '';
    headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(k: string, v: string) {
      this.headers[k] = v;
    }
    send() {
      sent.push({ url: this.url, auth: this.headers.Authorization });
      this.status = statuses.shift() ?? 500;
      this.responseText = JSON.stringify(this.status === 200 ? { id: 1 } : { message: 'x', code: 'token_expired' });
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', Xhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ status: 'success', data: tokens('new') }), { status: 200 })),
  );
  return sent;
}

describe('uploadForm after a 498 (§4: requests are retried after a refresh unless their URL contains /media)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    sessionStore.set({ tokens: null, expired: false, arrivingAt: null });
    session.save(tokens('old'));
  });

  it('POST /media: refreshes the session, does not send the file again and asks the learner to choose it again', async () => {
    const sent = stubXhr([498, 200]);
    const err = await uploadForm('/media', new FormData()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(498);
    expect(sent).toEqual([{ url: '/media', auth: 'Bearer old' }]);
    expect(session.tokens()?.accessToken).toBe('new');
    expect(sessionStore.get().expired).toBe(false);
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Your session was renewed while the file was uploading, so it was not saved. Please choose the file again.',
        expect.anything(),
      ),
    );
    // the next try carries the fresh token
    await expect(uploadForm('/media', new FormData())).resolves.toEqual({ id: 1 });
    expect(sent[1]).toEqual({ url: '/media', auth: 'Bearer new' });
  });

  it('POST /api/vaults (no /media in its URL): refreshed and sent once more', async () => {
    const sent = stubXhr([498, 200]);
    await expect(uploadForm('/api/vaults', new FormData())).resolves.toEqual({ id: 1 });
    expect(sent.map((s) => s.auth)).toEqual(['Bearer old', 'Bearer new']);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
