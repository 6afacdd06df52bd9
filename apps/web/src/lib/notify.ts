import { TIMINGS } from '@cairn/shared/constants';
import { createElement, useEffect } from 'react';
import { i18n } from './i18n';
import { createStore } from './store';

/** Becomes true with the first toast; the Toaster (and sonner) load only then, outside the first-route budget. */
export const toasterWanted = createStore(false);

/**
 * How many message composers are on screen (the chat's, in a side panel or the result's dock). Toasts sit at the
 * bottom of the end edge, where a side panel's composer is: while one is shown they move to the top (docs/chat.md).
 */
export const composersShown = createStore(0);

/** Moves the toasts clear of the calling component's composer while it is mounted. */
export function useKeepToastsClear(): void {
  useEffect(() => {
    composersShown.set((n) => n + 1);
    return () => composersShown.set((n) => n - 1);
  }, []);
}

type Sonner = typeof import('sonner');

function show(fn: (s: Sonner) => void): void {
  toasterWanted.set(true);
  // sonner replays toasts created before its Toaster subscribed, so order does not matter here
  import('sonner').then(fn, (err) => console.error('toast unavailable', err));
}

/** Toasts with the durations of §9: 4 s default, 6 s errors, 10 s rate limit. */
export const notify = {
  /** `duration` for the few success toasts §9 gives longer (generate_pdf_submitted: 6 s). */
  success(message: string, duration: number = TIMINGS.toastDefaultMs): void {
    show(({ toast }) => toast.success(message, { duration }));
  },
  info(message: string): void {
    show(({ toast }) => toast(message, { duration: TIMINGS.toastDefaultMs }));
  },
  error(message: string): void {
    show(({ toast }) => toast.error(message, { duration: TIMINGS.toastErrorMs }));
  },
  /** One error toast listing several messages (the 422 catalogue entry). */
  errorList(items: string[]): void {
    const list = createElement(
      'ul',
      { className: 'list-disc ps-4' },
      // index keys: a static list whose messages may repeat across fields
      items.map((m, i) => createElement('li', { key: i }, m)),
    );
    show(({ toast }) => toast.error(list, { duration: TIMINGS.toastErrorMs }));
  },
  rateLimited(): void {
    show(({ toast }) =>
      toast.warning(i18n.t('errors:http.rateLimited'), {
        duration: TIMINGS.toastRateLimitMs,
        action: { label: i18n.t('common:actions.close'), onClick: () => {} },
      }),
    );
  },
};
