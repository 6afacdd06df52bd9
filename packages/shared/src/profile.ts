/**
 * §5 profile completion: the rounded share of editable checkpoints that are filled.
 * Internal fields (id, token, roles, email, password, flags, dates) are never checkpoints.
 * Checkpoints: first name, last name, mobile, birth date, nationality, avatar, and every
 * custom profile field the user may edit (`edit: true`). Language always has a value
 * (it falls back to English), so it is not a checkpoint. Cover is customer branding, not
 * something the learner fills, so it is excluded too (docs/me-and-coach.md).
 */
export interface CompletionInput {
  firstname: string | null;
  lastname: string | null;
  mobile: string | null;
  birth: string | null;
  nationality_id: number | null;
  avatar: readonly unknown[];
  fields: readonly { edit: boolean; fieldValues: string | null }[];
}

const filled = (v: string | null) => v !== null && v.trim() !== '';

/** The checkpoints as [filled, total]. */
export function completionCheckpoints(u: CompletionInput): { filled: number; total: number } {
  const checks = [
    filled(u.firstname),
    filled(u.lastname),
    filled(u.mobile),
    filled(u.birth),
    u.nationality_id !== null,
    u.avatar.length > 0,
    ...u.fields.filter((f) => f.edit).map((f) => filled(f.fieldValues)),
  ];
  return { filled: checks.filter(Boolean).length, total: checks.length };
}

/** Percentage 0–100, rounded to the nearest integer. */
export function profileCompletion(u: CompletionInput): number {
  const { filled: f, total } = completionCheckpoints(u);
  return total === 0 ? 100 : Math.round((f / total) * 100);
}
