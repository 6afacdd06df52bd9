import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { ui } from '../features/shell/ui-store';
import { applyCustomerColours } from '../lib/branding';
import { loginPathWithRedirect, navigateTo, setNavigator } from '../lib/navigation';
import { createQueryClient } from '../lib/query';
import { checkStoredSession, session } from '../lib/session';
import { buildRoutes } from './routes';

/** Creates the router and query cache once and wires session end-of-life clean-up to them. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(buildRoutes()));

  useEffect(() => {
    setNavigator((to, opts) => router.navigate(to, opts));
    const off = session.onEnd((reason) => {
      queryClient.clear();
      ui.closePanel();
      ui.showPausedNotice(false);
      applyCustomerColours(null);
      if (reason === 'expired') void navigateTo(loginPathWithRedirect(), { replace: true });
    });
    checkStoredSession();
    return off;
  }, [router, queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
