import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() =>
  Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() }),
);
vi.mock('sonner', () => ({ toast }));
const navigator = vi.hoisted(() => ({ navigateTo: vi.fn() }));
vi.mock('./navigation', () => navigator);

import { HttpError, http, REFRESH_ATTEMPTS } from './http';
import { session, sessionStore } from './session';

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
const json = ({ status, body, headers }: Reply) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** fetch stub: answers by URL from a queue per path and records every call. */
function stubFetch(routes: Record<string, Reply[]>) {
  const calls: { url: string; auth: string | null }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ url, auth: headers.Authorization ?? null });
    // refreshes resolve a beat later so concurrent 498s really overlap
    if (url === '/api/refresh') await new Promise((r) => setTimeout(r, 5));
    const queue = routes[url];
    const reply = queue && queue.length > 1 ? queue.shift()! : queue?.[0];
    return json(reply ?? { status: 404, body: { message: 'nope', code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const tokens = (access: string) => ({
  token_type: 'Bearer' as const,
  access_token: access,
  refresh_token: `refresh-${access}`,
  expires_in: 600,
  refresh_expires_in: 3600,
});

const lastToastText = () => toast.error.mock.calls.at(-1)?.[0];

describe('http client: the §8 catalogue', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    sessionStore.set({ tokens: null, expired: false, arrivingAt: null });
    session.save(tokens('old'));
  });

  it('498 → refreshes once and retries the request with the new token', async () => {
    const calls = stubFetch({
      '/api/games': [
        { status: 498, body: { message: 'expired', code: 'token_expired' } },
        { status: 200, body: { data: [1] } },
      ],
      '/api/refresh': [{ status: 200, body: { status: 'success', data: tokens('new') } }],
    });
    await expect(http.get('/api/games')).resolves.toEqual({ data: [1] });
    expect(calls.map((c) => c.url)).toEqual(['/api/games', '/api/refresh', '/api/games']);
    expect(calls[2].auth).toBe('Bearer new');
  });

  it('concurrent 498s share a single refresh', async () => {
    const calls = stubFetch({
      '/api/a': [{ status: 498 }, { status: 200, body: 'a' }],
      '/api/b': [{ status: 498 }, { status: 200, body: 'b' }],
      '/api/refresh': [{ status: 200, body: { status: 'success', data: tokens('new') } }],
    });
    await expect(Promise.all([http.get('/api/a'), http.get('/api/b')])).resolves.toEqual(['a', 'b']);
    expect(calls.filter((c) => c.url === '/api/refresh')).toHaveLength(1);
  });

  it('retries only once: a second 498 ends the session', async () => {
    stubFetch({
      '/api/games': [{ status: 498 }],
      '/api/refresh': [{ status: 200, body: { status: 'success', data: tokens('new') } }],
    });
    await expect(http.get('/api/games')).rejects.toBeInstanceOf(HttpError);
    expect(sessionStore.get().expired).toBe(true);
  });

  it('does not retry URLs containing /media after refreshing', async () => {
    const calls = stubFetch({
      '/api/media/3': [{ status: 498 }],
      '/api/refresh': [{ status: 200, body: { status: 'success', data: tokens('new') } }],
    });
    await expect(http.del('/api/media/3')).rejects.toMatchObject({ status: 498 });
    expect(calls.map((c) => c.url)).toEqual(['/api/media/3', '/api/refresh']);
  });

  it('a request that races this tab ending its session: its 401 neither expires the session nor refreshes', async () => {
    const calls = stubFetch({ '/api/games/1': [{ status: 401, body: { message: 'Unauthenticated.' } }] });
    session.retire();
    await expect(http.get('/api/games/1')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get().expired).toBe(false);
    expect(sessionStore.get().tokens?.accessToken).toBe('old');
    expect(calls.map((c) => c.url)).toEqual(['/api/games/1']);
    expect(toast.error).not.toHaveBeenCalled();
    // a new sign-in is not retiring
    session.save(tokens('next'));
    stubFetch({ '/api/games/1': [{ status: 401, body: { message: 'Unauthenticated.' } }] });
    await expect(http.get('/api/games/1')).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.get().expired).toBe(true);
  });

  it('a request sent after the session ended (a public user on thank-you) gets its 401 without a toast', async () => {
    session.end('logout');
    const calls = stubFetch({
      '/api/games/1': [{ status: 401, body: { message: 'Unauthenticated.', code: 'unauthenticated' } }],
      '/api/login': [
        { status: 401, body: { message: 'The user credentials were incorrect', code: 'invalid_credentials' } },
      ],
    });
    await expect(http.get('/api/games/1')).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual([{ url: '/api/games/1', auth: null }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(toast.error).not.toHaveBeenCalled();
    expect(sessionStore.get().expired).toBe(false);
    // a request that needs no session still reports its refusal
    await expect(http.post('/api/login', {}, { anonymous: true })).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(lastToastText()).toBe('The user credentials were incorrect'));
  });

  it('a refused refresh token (401 invalid_refresh_token) destroys the session and marks it expired', async () => {
    stubFetch({
      '/api/games': [{ status: 498 }],
      '/api/refresh': [{ status: 401, body: { message: 'invalid', code: 'invalid_refresh_token' } }],
    });
    await expect(http.get('/api/games')).rejects.toBeInstanceOf(HttpError);
    expect(sessionStore.get()).toMatchObject({ tokens: null, expired: true });
    expect(localStorage.getItem('cairn.session')).toBeNull();
  });

  it('a refresh that gets no answer (offline, page being left) is retried, then keeps the session', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/refresh') throw new TypeError('Failed to fetch');
      return json({ status: 498 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const settled = expect(http.get('/api/games')).rejects.toMatchObject({ status: 498 });
    // backoff of 1 s, then 2 s
    await vi.advanceTimersByTimeAsync(3000);
    await settled;
    vi.useRealTimers();
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/refresh')).toHaveLength(REFRESH_ATTEMPTS);
    expect(sessionStore.get()).toMatchObject({ expired: false });
    expect(session.tokens()?.accessToken).toBe('old');
    expect(localStorage.getItem('cairn.session')).not.toBeNull();
    warn.mockRestore();
  });

  it('a refresh answered 429 (rate limit) keeps the session: retried after Retry-After, then the request fails with the rate-limit toast', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const limited = {
      status: 429,
      body: { message: 'slow down', code: 'rate_limited' },
      headers: { 'Retry-After': '0' },
    };
    const calls = stubFetch({ '/api/games': [{ status: 498 }], '/api/refresh': [limited] });
    await expect(http.get('/api/games')).rejects.toMatchObject({ status: 429 });
    expect(calls.filter((c) => c.url === '/api/refresh')).toHaveLength(REFRESH_ATTEMPTS);
    await vi.waitFor(() => expect(toast.warning).toHaveBeenCalled());
    expect(toast.warning.mock.calls[0][0]).toBe('Max amount of request reached, please wait 1 minute and retry');
    expect(sessionStore.get()).toMatchObject({ expired: false });
    expect(session.tokens()?.accessToken).toBe('old');
    expect(localStorage.getItem('cairn.session')).not.toBeNull();
    warn.mockRestore();
  });

  it('a refresh answered 503 (database blip) is retried with backoff and the request goes through', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const calls = stubFetch({
      '/api/games': [{ status: 498 }, { status: 200, body: { data: [1] } }],
      '/api/refresh': [
        { status: 503, body: { message: 'unavailable', code: 'service_unavailable' } },
        { status: 200, body: { status: 'success', data: tokens('new') } },
      ],
    });
    const done = http.get('/api/games');
    await vi.advanceTimersByTimeAsync(1100);
    await expect(done).resolves.toEqual({ data: [1] });
    vi.useRealTimers();
    expect(calls.map((c) => c.url)).toEqual(['/api/games', '/api/refresh', '/api/refresh', '/api/games']);
    expect(calls[3].auth).toBe('Bearer new');
  });

  it('a refresh still answered 503, or told to wait longer than it would, keeps the session and shows the refusal', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = stubFetch({
      '/api/games': [{ status: 498 }],
      '/api/refresh': [
        {
          status: 503,
          body: { message: 'Try again shortly', code: 'service_unavailable' },
          headers: { 'Retry-After': '120' },
        },
      ],
    });
    await expect(http.get('/api/games')).rejects.toMatchObject({ status: 503 });
    // a wait of two minutes is not held: one attempt, the toast, the session kept
    expect(calls.filter((c) => c.url === '/api/refresh')).toHaveLength(1);
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(sessionStore.get()).toMatchObject({ expired: false });
    expect(session.tokens()?.accessToken).toBe('old');
    // a 401 that is not a refused refresh token (a proxy's) does not end it either
    stubFetch({ '/api/games': [{ status: 498 }], '/api/refresh': [{ status: 401 }] });
    await expect(http.get('/api/games')).rejects.toBeInstanceOf(HttpError);
    expect(session.tokens()?.accessToken).toBe('old');
    warn.mockRestore();
  });

  it('422 with errors → one error toast listing each error, 6 s', async () => {
    stubFetch({
      '/api/user/profile': [
        {
          status: 422,
          body: {
            message: 'invalid',
            code: 'validation_failed',
            errors: { firstname: ['The firstname field is required'], mobile: ['Mobile is odd'] },
            rules: { firstname: { rule: 'required', params: {} } },
          },
        },
      ],
    });
    await expect(http.post('/api/user/profile', {})).rejects.toMatchObject({ status: 422 });
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    const [list, opts] = toast.error.mock.calls[0];
    const items = (list as { props: { children: { props: { children: string } }[] } }).props.children.map(
      (li) => li.props.children,
    );
    expect(items).toEqual(['The first name field is required', 'Mobile is odd']);
    expect(opts).toMatchObject({ duration: 6000 });
  });

  it('422 without errors shows the message, except the invalid-credentials one', async () => {
    stubFetch({
      '/api/x': [
        { status: 422, body: { message: 'The user credentials were incorrect', code: 'invalid_credentials' } },
      ],
      '/api/y': [{ status: 422, body: { message: 'Trail is closed', code: 'trail_closed' } }],
    });
    await expect(http.post('/api/x')).rejects.toBeInstanceOf(HttpError);
    await expect(http.post('/api/y')).rejects.toBeInstanceOf(HttpError);
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(lastToastText()).toBe('Trail is closed');
  });

  it('429 → the rate-limit toast for 10 s with a Close action', async () => {
    stubFetch({ '/api/x': [{ status: 429, body: { message: 'slow down', code: 'rate_limited' } }] });
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 429 });
    await vi.waitFor(() => expect(toast.warning).toHaveBeenCalled());
    const [text, opts] = toast.warning.mock.calls[0];
    expect(text).toBe('Max amount of request reached, please wait 1 minute and retry');
    expect(opts).toMatchObject({ duration: 10000, action: { label: 'Close' } });
  });

  it('495-497 → sso_error toast; 500 → only logged; other statuses → message toast', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      '/api/sso': [{ status: 496 }],
      '/api/boom': [{ status: 500, body: { message: 'boom', code: 'internal_error' } }],
      '/api/conflict': [{ status: 409, body: { message: 'Already taken', code: 'conflict' } }],
    });
    await expect(http.get('/api/sso')).rejects.toBeInstanceOf(HttpError);
    await expect(http.get('/api/boom')).rejects.toBeInstanceOf(HttpError);
    await expect(http.get('/api/conflict')).rejects.toBeInstanceOf(HttpError);
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
    expect(toast.error.mock.calls[0][0]).toMatch(/Single sign-on failed/);
    expect(toast.error.mock.calls[1][0]).toBe('Already taken');
    expect(log).toHaveBeenCalled();
  });

  it('403 → logs out and goes to login; 404 → goes to the games list', async () => {
    stubFetch({ '/api/secret': [{ status: 403 }], '/api/gone': [{ status: 404 }] });
    await expect(http.get('/api/gone')).rejects.toBeInstanceOf(HttpError);
    expect(navigator.navigateTo).toHaveBeenLastCalledWith('/games');
    await expect(http.get('/api/secret')).rejects.toBeInstanceOf(HttpError);
    expect(navigator.navigateTo).toHaveBeenLastCalledWith('/login');
    expect(session.tokens()).toBeNull();
  });

  it('a caller can take over a status: the catalogue stays silent', async () => {
    stubFetch({ '/api/login': [{ status: 422, body: { message: 'Bad', code: 'x', errors: { a: ['b'] } } }] });
    await expect(http.post('/api/login', {}, { anonymous: true, handle: [422] })).rejects.toMatchObject({
      status: 422,
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a quiet request (loading a pebble) only logs its failure: no toast, no redirect, the session stays', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      '/api/pebbles/1': [
        { status: 404, body: { message: 'Trail not found', code: 'not_found' } },
        { status: 500, body: { message: 'boom', code: 'internal_error' } },
        { status: 423, body: { message: 'Locked', code: 'pebble_locked' } },
      ],
    });
    for (let i = 0; i < 3; i++)
      await expect(http.get('/api/pebbles/1', { quiet: true })).rejects.toBeInstanceOf(HttpError);
    await new Promise((r) => setTimeout(r, 10));
    expect(toast.error).not.toHaveBeenCalled();
    expect(navigator.navigateTo).not.toHaveBeenCalled();
    expect(session.tokens()).not.toBeNull();
    expect(log).toHaveBeenCalledTimes(3);
    log.mockRestore();
  });

  it('another tab rotated the tokens: this tab adopts them instead of presenting the rotated refresh token', async () => {
    const calls = stubFetch({
      '/api/games': [
        { status: 498, body: { message: 'expired', code: 'token_expired' } },
        { status: 200, body: { data: [1] } },
      ],
      '/api/refresh': [{ status: 401, body: { message: 'reused', code: 'invalid_refresh_token' } }],
    });
    // one lock at a time, as the browser's Web Locks do
    vi.stubGlobal('navigator', {
      ...globalThis.navigator,
      locks: { request: (_n: string, fn: () => unknown) => fn() },
    });
    // the other tab refreshed first: its tokens are in storage, announced by a storage event
    const other = {
      tokenType: 'Bearer',
      accessToken: 'fresh',
      refreshToken: 'refresh-fresh',
      accessExpiresAt: Date.now() + 600_000,
      refreshExpiresAt: Date.now() + 3_600_000,
      trailId: null,
    };
    localStorage.setItem('cairn.session', JSON.stringify(other));
    sessionStore.set((s) => ({ ...s, tokens: { ...other, accessToken: 'old', refreshToken: 'refresh-old' } }));

    await expect(http.get('/api/games')).resolves.toEqual({ data: [1] });
    expect(calls.map((c) => c.url)).toEqual(['/api/games', '/api/games']);
    expect(calls[1].auth).toBe('Bearer fresh');
    expect(sessionStore.get().expired).toBe(false);
    vi.unstubAllGlobals();
  });

  it('a logout in another tab ends the session here too', () => {
    localStorage.removeItem('cairn.session');
    window.dispatchEvent(new StorageEvent('storage', { key: 'cairn.session', newValue: null }));
    expect(session.tokens()).toBeNull();
  });

  it('a refusal that arrives after its session ended (logout, public finish) does not expire anything', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await gate;
        return json({ status: 401, body: { message: 'gone', code: 'unauthenticated' } });
      }),
    );
    const pending = http.get('/api/games/1');
    session.end('logout');
    release();
    await expect(pending).rejects.toBeInstanceOf(HttpError);
    expect(sessionStore.get().expired).toBe(false);
  });

  it('a 401 to the live session still ends it as expired', async () => {
    stubFetch({ '/api/games/1': [{ status: 401, body: { message: 'gone', code: 'unauthenticated' } }] });
    await expect(http.get('/api/games/1')).rejects.toBeInstanceOf(HttpError);
    expect(sessionStore.get().expired).toBe(true);
  });
});
