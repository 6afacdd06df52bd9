import type { Trail } from '@cairn/shared/api/trails';

/**
 * The learner's next assigned trail for the end screen's call to action: not the one just finished, not completed,
 * playable today (its start day reached), the soonest due first, then those already started, then the list's order.
 */
export function nextTrail(
  trails: Trail[],
  finishedId: number,
  today = new Date().toISOString().slice(0, 10),
): Trail | null {
  const open = trails.filter(
    (t) => t.id !== finishedId && t.progress.status !== 'completed' && (!t.starts_on || t.starts_on <= today),
  );
  const rank = (t: Trail) => [t.due_on ?? '9999-12-31', t.progress.status === 'in_progress' ? 0 : 1] as const;
  return (
    open
      .map((t, i) => ({ t, i, r: rank(t) }))
      .sort((a, b) => a.r[0].localeCompare(b.r[0]) || a.r[1] - b.r[1] || a.i - b.i)[0]?.t ?? null
  );
}
