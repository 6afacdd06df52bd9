import type { ClientConfig } from '@cairn/shared/api/reference';
import { scrubDeep, scrubPersonalData } from '@cairn/shared/privacy';
import type { DataRouter } from 'react-router';

type Sentry = typeof import('./sentry-sdk');
type AppRouter = Pick<DataRouter, 'state' | 'subscribe'>;

let config: Promise<ClientConfig | null> | null = null;
let sentry: Promise<Sentry | null> | null = null;
let routeOf: () => string = () => 'unknown';
// one report per kind of failure and page per page load: React retries a failed render, throwing a twin error
const reported = new Set<string>();

/** GET /api/client-config once per page: error reporting and analytics are off until it says otherwise. */
export function clientConfig(): Promise<ClientConfig | null> {
  config ??= fetch('/api/client-config', { headers: { Accept: 'application/json' } })
    .then((r) => (r.ok ? (r.json() as Promise<{ data: ClientConfig }>) : null))
    .then((j) => j?.data ?? null)
    .catch(() => null);
  return config;
}

/** The route pattern of the current page (`/games/:id`, `/de/player/:id?`): ids and queries never leave. */
export function routePattern(matches: { route: { path?: string } }[]): string {
  const parts = matches.map((m) => m.route.path ?? '').filter((p) => p && p !== '/');
  return `/${parts.map((p) => p.replace(/^\/|\/$/g, '')).join('/')}`;
}

// §7: the SDK loads only when a DSN is configured, as a chunk of its own (outside the first route's budget)
function sentryClient(): Promise<Sentry | null> {
  sentry ??= clientConfig().then(async (c) => {
    if (!c?.error_reporting) return null;
    const S = await import('./sentry-sdk');
    S.init({
      dsn: c.error_reporting.dsn,
      release: c.error_reporting.release,
      environment: c.error_reporting.environment,
      // uncaught errors and rejections, deduplicated; no breadcrumbs (they would carry URLs and console text)
      integrations: (defaults) =>
        defaults.filter((i) =>
          ['GlobalHandlers', 'LinkedErrors', 'Dedupe', 'FunctionToString', 'EventFilters', 'InboundFilters'].includes(
            i.name,
          ),
        ),
      beforeBreadcrumb: () => null,
      beforeSend(event) {
        const { user: _user, request: _request, ...rest } = event;
        const clean = scrubDeep(rest);
        clean.tags = { ...clean.tags, route: routeOf() };
        return clean;
      },
    });
    return S;
  });
  return sentry;
}

/** Reports an error that broke a screen (the route error page calls it), once per failure and page. */
export function reportError(error: unknown): void {
  const key = `${routeOf()}|${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
  if (reported.has(key)) return;
  reported.add(key);
  void sentryClient().then((S) => S?.captureException(error));
}

function doNotTrack(): boolean {
  const n = navigator as Navigator & { globalPrivacyControl?: boolean };
  const w = window as Window & { doNotTrack?: string };
  return n.doNotTrack === '1' || w.doNotTrack === '1' || n.globalPrivacyControl === true;
}

/** A page view to the Plausible-compatible endpoint: the route pattern only, never ids, queries or the user. */
export async function trackPageView(pattern: string): Promise<void> {
  const c = await clientConfig();
  if (!c?.analytics || doNotTrack()) return;
  await fetch(`${c.analytics.endpoint}/api/event`, {
    method: 'POST',
    keepalive: true,
    // text/plain keeps it a simple request (no CORS preflight), as Plausible's own script sends it
    headers: { 'Content-Type': 'text/plain' },
    body: JSON.stringify({
      name: 'pageview',
      domain: c.analytics.domain,
      url: scrubPersonalData(`${window.location.origin}${pattern}`),
      referrer: null,
    }),
  }).catch(() => {});
}

/** Wires error reporting (when configured) and page views to the router; returns the clean-up. */
export function startObservability(router: AppRouter): () => void {
  routeOf = () => routePattern(router.state.matches);
  // after the first paint, off the critical path
  setTimeout(() => void sentryClient(), 0);
  let last = '';
  const view = () => {
    if (router.state.navigation.state !== 'idle') return;
    const pattern = routeOf();
    if (pattern === last) return;
    last = pattern;
    void trackPageView(pattern);
  };
  view();
  return router.subscribe(view);
}

/** Tests only: forget the memoised configuration and SDK. */
export function resetObservabilityForTests(): void {
  config = null;
  sentry = null;
}
