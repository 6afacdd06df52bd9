import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http';

/** One client for the app; the http client already reports errors, so queries only decide on retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // a 4xx will not get better by asking again
        retry: (count, err) => !(err instanceof HttpError && err.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
