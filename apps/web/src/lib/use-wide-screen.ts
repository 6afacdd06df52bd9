import { WIDE_SCREEN_PX } from '@cairn/shared/constants';
import { useEffect, useState } from 'react';

/** True on screens at least 1024 px wide (§9), following resizes. */
export function useWideScreen(): boolean {
  const query = `(min-width: ${WIDE_SCREEN_PX}px)`;
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && window.matchMedia?.(query).matches);
  useEffect(() => {
    const mq = window.matchMedia?.(query);
    if (!mq) return;
    const on = () => setWide(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, [query]);
  return !!wide;
}
