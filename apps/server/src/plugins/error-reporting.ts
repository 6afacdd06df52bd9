import { scrubDeep } from '@cairn/shared/privacy';
import { defaultStackParser, type ErrorEvent, makeNodeTransport, NodeClient, Scope } from '@sentry/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Sends an unexpected server error to the configured Sentry-compatible server (a no-op when none is). */
export type ReportError = (error: unknown, request?: FastifyRequest) => void;

/** What may leave the server: no user, no request (headers, cookies, body, query), no address or token anywhere. */
export function privateEvent(event: ErrorEvent): ErrorEvent {
  const { user: _user, request: _request, ...rest } = event;
  return scrubDeep(rest) as ErrorEvent;
}

/**
 * Error reporting with the Sentry SDK when SENTRY_DSN is set: a client of this app's own (no global hub, no
 * automatic instrumentation), so several apps in one process (tests) never mix their reports. Each report
 * carries the release, the environment, the HTTP method and the route pattern (`/api/games/:id`, never the URL
 * with its ids and query), and nothing personal.
 */
export default fp(
  async function errorReportingPlugin(app: FastifyInstance) {
    const conf = app.config.errorReporting;
    if (!conf) {
      app.decorate('reportError', (() => {}) as ReportError);
      return;
    }
    const client = new NodeClient({
      dsn: conf.dsn,
      release: conf.release,
      environment: conf.environment,
      integrations: [],
      stackParser: defaultStackParser,
      transport: makeNodeTransport,
      beforeSend: privateEvent,
      beforeBreadcrumb: () => null,
    });
    client.init();
    const report: ReportError = (error, request) => {
      const scope = new Scope();
      scope.setClient(client);
      if (request) {
        scope.setTag('route', request.routeOptions.url ?? 'unmatched');
        scope.setTag('method', request.method);
      }
      scope.captureException(error);
    };
    app.decorate('reportError', report);
    app.addHook('onClose', async () => {
      await client.close(2000);
    });
  },
  { name: 'error-reporting' },
);
