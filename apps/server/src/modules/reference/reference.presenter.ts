import { LOCALES, type ProfileField, type Theme } from '@cairn/shared';
import type { profileFields, themes } from '../../db/schema';

type ThemeRow = typeof themes.$inferSelect;
type FieldRow = typeof profileFields.$inferSelect;

/** The supported interface languages with their English names as default_name. */
export function presentLocales() {
  return LOCALES.map((l) => ({ ...l, default_name: l.name }));
}

/** Theme row → the spec's theme shape. */
export function presentTheme(t: ThemeRow): Theme {
  return {
    name: t.name,
    color_id: t.colorId,
    backgroundLandscape: t.backgroundLandscape ?? null,
    backgroundPortrait: t.backgroundPortrait ?? null,
  };
}

/** Field definition (and the user's value, if any) → the spec's custom profile field. */
export function presentField(f: FieldRow, value: string | null): ProfileField {
  return { name: f.name, label: f.label, type: f.type, options: f.options, fieldValues: value, edit: f.edit };
}
