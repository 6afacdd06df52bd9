import { onlineManager, QueryClient } from '@tanstack/react-query';
import { HttpError } from './http';

/** One client for the app; the http client already reports errors, so queries only decide on retries. */
export function createQueryClient(): QueryClient {
  // TanStack Query assumes it starts online and learns only from later `online`/`offline` events: a reload without
  // network would never see the connection come back (docs/web.md, "Offline reload")
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // a 4xx will not get better by asking again
        retry: (count, err) => !(err instanceof HttpError && err.status < 500) && count < 2,
        // one try even offline (the service worker may answer it from a downloaded trail's copy, docs/offline.md);
        // retries wait for the network rather than failing, and go on when it is back
        networkMode: 'offlineFirst',
      },
      // a change is tried at once and fails visibly offline, as before: never held to be sent later unseen
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
