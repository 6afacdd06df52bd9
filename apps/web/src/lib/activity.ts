import { createStore } from './store';

/** How many HTTP requests of the app are in flight: the loading bar follows them as well as route changes. */
export const requestsInFlight = createStore(0);

/** Counts `work` as an HTTP request in flight until it settles. */
export async function tracked<T>(work: () => Promise<T>): Promise<T> {
  requestsInFlight.set((n) => n + 1);
  try {
    return await work();
  } finally {
    requestsInFlight.set((n) => n - 1);
  }
}
