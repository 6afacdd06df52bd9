import { useEffect } from 'react';

export const FAVICON = '/favicon.svg';
/** The same icon with a dot: shown while unread notifications exist (§4 Account). */
export const FAVICON_UNREAD = '/favicon-unread.svg';

/** Switches the page's icon to the dotted variant while `unread` is true, and back when it is not. */
export function useUnreadFavicon(unread: boolean): void {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    link.href = unread ? FAVICON_UNREAD : FAVICON;
    return () => {
      link.href = FAVICON;
    };
  }, [unread]);
}
