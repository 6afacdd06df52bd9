import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';

/** Shows the current location so tests can assert where a redirect went. */
export function LocationProbe() {
  const loc = useLocation();
  return <output data-testid="location">{loc.pathname + loc.search}</output>;
}

/** Renders routes in a memory router with a fresh query client. */
export function renderRoutes(routes: RouteObject[], initial: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initial] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}

export const at = (path: string, element: ReactNode): RouteObject => ({ path, element });
