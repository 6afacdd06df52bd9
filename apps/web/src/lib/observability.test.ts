import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetObservabilityForTests, routePattern, trackPageView } from './observability';

function stubServer(analytics: { endpoint: string; domain: string } | null) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url === '/api/client-config') {
        return new Response(JSON.stringify({ data: { error_reporting: null, analytics, preview_origins: [] } }), {
          status: 200,
        });
      }
      return new Response('ok', { status: 202 });
    }),
  );
  return calls;
}

describe('page views (Plausible-compatible analytics)', () => {
  beforeEach(() => resetObservabilityForTests());
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'doNotTrack');
  });

  it('sends the route pattern to the configured endpoint, never ids, queries or the user', async () => {
    const calls = stubServer({ endpoint: 'https://stats.example', domain: 'cairn.example' });
    await trackPageView('/games/:id');
    const sent = calls.find((c) => c.url === 'https://stats.example/api/event');
    expect(sent).toBeTruthy();
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      name: 'pageview',
      domain: 'cairn.example',
      url: `${window.location.origin}/games/:id`,
      referrer: null,
    });
    expect(new Headers(sent?.init?.headers).get('authorization')).toBeNull();
  });

  it('sends nothing when analytics is off', async () => {
    const calls = stubServer(null);
    await trackPageView('/games');
    expect(calls.map((c) => c.url)).toEqual(['/api/client-config']);
  });

  it('respects Do Not Track', async () => {
    Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
    const calls = stubServer({ endpoint: 'https://stats.example', domain: 'cairn.example' });
    await trackPageView('/games');
    expect(calls.some((c) => c.url.startsWith('https://stats.example'))).toBe(false);
  });
});

describe('route patterns', () => {
  it('joins the matched route paths, so a page is named without its ids', () => {
    expect(routePattern([{ route: { path: '/' } }, { route: {} }, { route: { path: 'games/:id' } }])).toBe(
      '/games/:id',
    );
    expect(routePattern([{ route: { path: '/de' } }, { route: { path: 'player/:id?' } }])).toBe('/de/player/:id?');
  });
});
