import { TIMINGS } from '@cairn/shared/constants';
import { useEffect, useRef, useState } from 'react';

const FIXED_COLOURS = ['#d9b100', '#22c55e', '#3b82f6', '#ec4899', '#a855f7'];

/** The brand accent (`--accent: r g b`) as a hex colour for the canvas. */
function accentHex(): string | null {
  const raw = getComputedStyle(document.documentElement).getPropertyValue('--accent').trim();
  const parts = raw.split(/[\s,]+/).map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n))) return null;
  return `#${parts.map((n) => Math.max(0, Math.min(255, n)).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The reward popup's confetti, drawn by `canvas-confetti` on a canvas of its own for 3.5 s (§9), then removed.
 * The library ships with the app (no remote animation asset), runs on the main thread (no blob worker for the
 * CSP to allow) and draws nothing for users who prefer reduced motion.
 */
export function Confetti({ durationMs = TIMINGS.confettiMs }: { durationMs?: number }) {
  const [on, setOn] = useState(true);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const id = setTimeout(() => setOn(false), durationMs);
    return () => clearTimeout(id);
  }, [durationMs]);

  useEffect(() => {
    const el = canvas.current;
    // no 2D context (a test DOM, a locked-down browser): nothing to draw on
    if (!on || !el?.getContext('2d')) return;
    let stopped = false;
    let fire: (((opts: object) => unknown) & { reset(): void }) | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    import('canvas-confetti')
      .then(({ default: confetti }) => {
        if (stopped) return;
        fire = confetti.create(el, { resize: true, useWorker: false, disableForReducedMotion: true });
        const colors = [accentHex() ?? '#ff7233', ...FIXED_COLOURS];
        const burst = () => {
          fire?.({ particleCount: 40, spread: 70, startVelocity: 45, origin: { x: 0.2, y: 0.6 }, colors });
          fire?.({ particleCount: 40, spread: 70, startVelocity: 45, origin: { x: 0.8, y: 0.6 }, colors });
        };
        burst();
        timer = setInterval(burst, 900);
      })
      .catch((err) => console.warn('confetti unavailable', err));
    return () => {
      stopped = true;
      clearInterval(timer);
      fire?.reset();
    };
  }, [on]);

  if (!on) return null;
  return (
    <div aria-hidden="true" data-testid="confetti" className="pointer-events-none fixed inset-0">
      <canvas ref={canvas} className="size-full" />
    </div>
  );
}
