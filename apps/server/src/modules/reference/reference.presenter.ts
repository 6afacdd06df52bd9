import { LOCALES, type ProfileField, type Theme } from '@cairn/shared';
import type { colourSets, profileFields, themes } from '../../db/schema';

type ThemeRow = typeof themes.$inferSelect;
type ColourSetRow = typeof colourSets.$inferSelect;
type FieldRow = typeof profileFields.$inferSelect;

/** The supported interface languages with their English names as default_name. */
export function presentLocales() {
  return LOCALES.map((l) => ({ ...l, default_name: l.name }));
}

/** Theme row and its colour set → the spec's theme shape (§3), the colour set beside its color_id. */
export function presentTheme(t: ThemeRow, set: ColourSetRow): Theme {
  return {
    name: t.name,
    color_id: t.colorId,
    color: { id: set.id, colors: set.colors },
    backgroundLandscape: t.backgroundLandscape ?? null,
    backgroundPortrait: t.backgroundPortrait ?? null,
  };
}

/** Field definition (and the user's value, if any) → the spec's custom profile field. */
export function presentField(f: FieldRow, value: string | null): ProfileField {
  return { name: f.name, label: f.label, type: f.type, options: f.options, fieldValues: value, edit: f.edit };
}
