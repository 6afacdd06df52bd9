import type { ProfileField, User } from '@cairn/shared/api/accounts';

/** The keys of the standard profile controls (nationality is `nationality_id` on the wire). */
export const STANDARD_KEYS = ['firstname', 'lastname', 'mobile', 'birth', 'nationality', 'language'] as const;
export type StandardKey = (typeof STANDARD_KEYS)[number];

/** A custom field's key in the form, kept apart from the standard names. */
export const customKey = (name: string) => `field:${name}`;

const filled = (v: string | null | undefined) => v !== null && v !== undefined && v.trim() !== '';

/**
 * The completion checkpoints (packages/shared/src/profile.ts) the user has not filled yet, as form keys:
 * names, mobile, birth date, nationality and the custom fields the user may edit. The avatar is a checkpoint too
 * (`avatar`), chosen through the vault rather than typed.
 */
export function missingCheckpoints(user: User, fields: readonly ProfileField[]): string[] {
  const missing: string[] = [];
  if (!filled(user.firstname)) missing.push('firstname');
  if (!filled(user.lastname)) missing.push('lastname');
  if (!filled(user.mobile)) missing.push('mobile');
  if (!filled(user.birth)) missing.push('birth');
  if (user.nationality_id === null) missing.push('nationality');
  if (user.avatar.length === 0) missing.push('avatar');
  for (const f of fields) if (f.edit && !filled(f.fieldValues)) missing.push(customKey(f.name));
  return missing;
}

/** A translation-key slug for a §9 option ('Trade / technical / vocational' → 'trade_technical_vocational'). */
export function optionSlug(option: string): string {
  return option
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
