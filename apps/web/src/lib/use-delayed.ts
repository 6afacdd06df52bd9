import { TIMINGS } from '@cairn/shared/constants';
import { useEffect, useState } from 'react';

/**
 * True once `active` has stayed true for `delayMs` (§9 fetch minimum delay, 200 ms): a loading state shows only
 * for slow work, so a fast answer never flashes a spinner. Nothing is slowed down: the work itself is not delayed.
 */
export function useDelayed(active: boolean, delayMs: number = TIMINGS.fetchMinDelayMs): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
