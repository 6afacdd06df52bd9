import { useEffect, useState } from 'react';

/** Whether a media query matches, following changes (resizes, rotation). */
export function useMedia(query: string): boolean {
  const [on, setOn] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches);
  useEffect(() => {
    const mq = window.matchMedia?.(query);
    if (!mq) return;
    const change = () => setOn(mq.matches);
    change();
    mq.addEventListener('change', change);
    return () => mq.removeEventListener('change', change);
  }, [query]);
  return on;
}

/** Phones: below the md breakpoint of §9 (768 px), where the side panel shows one tab set. */
export const PHONE_QUERY = '(max-width: 767.98px)';
