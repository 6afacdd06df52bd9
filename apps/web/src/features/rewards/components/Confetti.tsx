import { TIMINGS } from '@cairn/shared/constants';
import { useEffect, useState } from 'react';

const COLOURS = ['rgb(var(--accent))', 'rgb(217 177 0)', '#22c55e', '#3b82f6', '#ec4899', '#a855f7'];
const PIECES = 48;

/** Deterministic scatter: the same confetti every time, no Math.random in render. */
const pieces = Array.from({ length: PIECES }, (_, i) => {
  const r = (n: number) => ((i * 9301 + n * 49297) % 233280) / 233280;
  return {
    left: `${Math.round(r(1) * 100)}%`,
    delay: `${(r(2) * 0.9).toFixed(2)}s`,
    duration: `${(2.2 + r(3) * 1.2).toFixed(2)}s`,
    size: 6 + Math.round(r(4) * 6),
    drift: `${Math.round((r(5) - 0.5) * 160)}px`,
    spin: `${Math.round(360 + r(6) * 540)}deg`,
    colour: COLOURS[i % COLOURS.length],
    round: i % 3 === 0,
  };
});

const CSS = `
@keyframes cairn-confetti-fall {
  0% { transform: translate3d(0, -10vh, 0) rotate(0deg); opacity: 1; }
  85% { opacity: 1; }
  100% { transform: translate3d(var(--drift), 105vh, 0) rotate(var(--spin)); opacity: 0; }
}
.cairn-confetti > span { position: absolute; top: 0; animation: cairn-confetti-fall var(--dur) ease-in var(--delay) both; }
@media (prefers-reduced-motion: reduce) { .cairn-confetti { display: none; } }
`;

/**
 * The reward popup's confetti: CSS pieces shipped with the app (no remote animation asset), falling for
 * 3.5 s (§9) and then removed. Nothing is drawn for users who prefer reduced motion.
 */
export function Confetti({ durationMs = TIMINGS.confettiMs }: { durationMs?: number }) {
  const [on, setOn] = useState(true);
  useEffect(() => {
    const id = setTimeout(() => setOn(false), durationMs);
    return () => clearTimeout(id);
  }, [durationMs]);
  if (!on) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="confetti"
      className="cairn-confetti pointer-events-none fixed inset-0 overflow-hidden"
    >
      <style>{CSS}</style>
      {pieces.map((p, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, never reordered set of pieces
          key={i}
          style={
            {
              left: p.left,
              width: p.size,
              height: p.round ? p.size : p.size * 0.45,
              borderRadius: p.round ? '9999px' : '2px',
              background: p.colour,
              '--delay': p.delay,
              '--dur': p.duration,
              '--drift': p.drift,
              '--spin': p.spin,
            } as React.CSSProperties
          }
        />
      ))}
    </div>
  );
}
