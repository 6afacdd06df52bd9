/**
 * The time a learner has spent on the current attempt at a trail, in whole seconds: from the attempt's start (the
 * first pebble they opened in it) to its completion, or to `now` while it runs; 0 before anything was opened.
 * The one computation behind the player's Info panel (its play time, ticking) and the trail result's duration, so
 * the two always agree (docs/player.md, "Times").
 */
export function attemptSeconds(
  startedAt: Date | string | null | undefined,
  completedAt: Date | string | null | undefined,
  now: Date | number = Date.now(),
): number {
  if (!startedAt) return 0;
  const from = new Date(startedAt).getTime();
  const to = completedAt ? new Date(completedAt).getTime() : new Date(now).getTime();
  if (!Number.isFinite(from) || !Number.isFinite(to)) return 0;
  return Math.max(0, Math.floor((to - from) / 1000));
}

/** Seconds as m:ss, or h:mm:ss from an hour: the same in every language. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
