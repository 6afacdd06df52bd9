import { TIMINGS } from '@cairn/shared/constants';
import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `delayMs` (the §8 search debounce by default). */
export function useDebounced<T>(value: T, delayMs: number = TIMINGS.searchDebounceMs): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(id);
  }, [value, delayMs]);
  return debounced;
}
