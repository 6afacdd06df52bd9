import { useEffect, useState } from 'react';

/** Whether the user asks for reduced motion (no count-up, no rising panels, no confetti). */
export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * A number counted up from 0 to `target` over `ms` (ease-out), for the end screen's xp and crowns. Under reduced
 * motion, or with nothing to count, it is the target at once.
 */
export function useCountUp(target: number, ms = 900): number {
  const still = target <= 0 || prefersReducedMotion() || typeof requestAnimationFrame === 'undefined';
  const [value, setValue] = useState(still ? target : 0);
  useEffect(() => {
    if (still) {
      setValue(target);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const tick = (now: number) => {
      const p = Math.min(1, (now - start) / ms);
      setValue(Math.round(target * (1 - (1 - p) ** 3)));
      if (p < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, ms, still]);
  return value;
}
