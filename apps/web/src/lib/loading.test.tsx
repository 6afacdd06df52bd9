import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressBar } from '../app/ProgressBar';
import { renderRoutes } from '../test/render';
import { Spinner } from '../ui/Spinner';
import { requestsInFlight, tracked } from './activity';
import { http } from './http';
import { installLinkPrefetch } from './prefetch';

describe('the loading bar follows HTTP requests (§7), shown only after 200 ms (§9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    requestsInFlight.set(0);
  });

  it('stays hidden for a request answered within 200 ms and shows for a slower one', async () => {
    renderRoutes([{ path: '/', element: <ProgressBar /> }], '/');
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (answer = r))),
    );
    const fast = http.get('/api/quick', { anonymous: true });
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    answer(new Response('{}'));
    await act(() => fast);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    const slow = http.get('/api/slow', { anonymous: true });
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    answer(new Response('{}'));
    await act(() => slow);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('counts a request as in flight until it settles, failures included', async () => {
    const failing = tracked(() => Promise.reject(new Error('offline')));
    expect(requestsInFlight.get()).toBe(1);
    await expect(failing).rejects.toThrow('offline');
    expect(requestsInFlight.get()).toBe(0);
  });

  it('a spinner shows its mark only after 200 ms, and announces its label at once', async () => {
    renderRoutes([{ path: '/', element: <Spinner label="Loading trails" /> }], '/');
    const mark = () => screen.getByRole('status').querySelector('[aria-hidden="true"]') as HTMLElement;
    expect(screen.getByText('Loading trails')).toBeInTheDocument();
    expect(mark().className).toContain('invisible');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(mark().className).not.toContain('invisible');
  });
});

describe('link prefetch (§9)', () => {
  let off: () => void = () => {};
  afterEach(() => {
    off();
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });

  function setUp() {
    const code = vi.fn(async () => ({}));
    const data = vi.fn(async () => ({ queryKey: ['x'] }));
    const routes: RouteObject[] = [
      { path: '/games', lazy: code },
      { path: '/games/:id', lazy: code, handle: { prefetch: data } },
    ];
    off = installLinkPrefetch(routes, new QueryClient());
    document.body.innerHTML =
      '<a href="/games/7">trail</a><a href="https://elsewhere.example/games/7">away</a><a href="/games">all</a>';
    const [trail, away, all] = [...document.querySelectorAll('a')];
    return { code, data, trail, away, all };
  }

  it('hovering or focusing a link loads its route code and first data once', () => {
    const { code, data, trail, all } = setUp();
    trail.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(code).toHaveBeenCalledTimes(1);
    expect(data).toHaveBeenCalledWith({ id: '7' }, expect.any(QueryClient));
    trail.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(code).toHaveBeenCalledTimes(1);
    all.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(code).toHaveBeenCalledTimes(2);
  });

  it('leaves links to other sites alone', () => {
    const { code, away } = setUp();
    away.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(code).not.toHaveBeenCalled();
  });

  it.each([
    ['data saver', { saveData: true, effectiveType: '4g' }],
    ['2g', { saveData: false, effectiveType: '2g' }],
    ['slow-2g', { saveData: false, effectiveType: 'slow-2g' }],
  ])('is skipped with %s', (_name, connection) => {
    Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
    try {
      const { code, trail } = setUp();
      trail.dispatchEvent(new Event('pointerover', { bubbles: true }));
      expect(code).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });
});
