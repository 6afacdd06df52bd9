import { Component, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { i18n } from '../../../lib/i18n';
import { reportError } from '../../../lib/observability';
import { ErrorScreen } from './ErrorScreen';
import NotFoundScreen from './NotFoundScreen';

function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundScreen />;
    return <ErrorScreen status={error.status} message={typeof error.data === 'string' ? error.data : undefined} />;
  }
  console.error(error);
  reportError(error);
  return <ErrorScreen status={500} message={i18n.t('errors:page.unknown')} />;
}

/** If the error page itself fails, a bare message and a home link remain. */
class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main id="main" className="p-8 text-center">
        <h1 className="text-xl font-bold">{i18n.t('errors:fallback.title')}</h1>
        <a href="/" className="mt-4 inline-block underline">
          {i18n.t('errors:fallback.home')}
        </a>
      </main>
    );
  }
}

export function RouteErrorScreen() {
  return (
    <ErrorPageBoundary>
      <RouteError />
    </ErrorPageBoundary>
  );
}
