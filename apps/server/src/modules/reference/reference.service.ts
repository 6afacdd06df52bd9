import { checkRule, type ProfileField, type RuleFailure } from '@cairn/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { colourSets, countries, profileFields, themes, userFieldValues } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { assertValid } from '../../lib/http-error';
import { can } from './reference.policy';
import { presentField, presentTheme } from './reference.presenter';

const FIELD_VALUE_MAX = 255;

/** All countries, by name. */
export async function listCountries(db: Db) {
  return db
    .select({ id: countries.id, name: countries.name, code: countries.code })
    .from(countries)
    .orderBy(asc(countries.name));
}

/** The themes of the actor's customer, each with its colour set (one query). */
export async function listThemes(db: Db, actor: Actor) {
  if (actor.customerId === null) return [];
  const rows = await db
    .select({ theme: themes, set: colourSets })
    .from(themes)
    .innerJoin(colourSets, and(eq(colourSets.id, themes.colorId), eq(colourSets.customerId, themes.customerId)))
    .where(eq(themes.customerId, actor.customerId))
    .orderBy(asc(themes.id));
  return rows.filter((r) => can(actor, 'theme:read', r.theme)).map((r) => presentTheme(r.theme, r.set));
}

async function fieldDefinitions(db: Db, actor: Actor) {
  if (actor.customerId === null) return [];
  const rows = await db
    .select()
    .from(profileFields)
    .where(eq(profileFields.customerId, actor.customerId))
    .orderBy(asc(profileFields.position), asc(profileFields.id));
  return rows.filter((f) => can(actor, 'field:read', f));
}

/**
 * The customer's profile fields with the actor's own values, or (`userId`, for a coach: callers check the rights)
 * with another user's of the actor's customer. All of them (GET /api/user/allFields: profile editing shows every
 * field, those the coach sets read-only), or with `editableOnly` just those the user fills in (GET /api/user/fields;
 * docs/me-and-coach.md).
 */
export async function listUserFields(
  db: Db,
  actor: Actor,
  userId = actor.userId,
  opts: { editableOnly?: boolean } = {},
): Promise<ProfileField[]> {
  const all = await fieldDefinitions(db, actor);
  const defs = opts.editableOnly ? all.filter((f) => f.edit) : all;
  if (defs.length === 0) return [];
  const values = await db
    .select({ fieldId: userFieldValues.fieldId, value: userFieldValues.value })
    .from(userFieldValues)
    .where(
      and(
        eq(userFieldValues.userId, userId),
        inArray(
          userFieldValues.fieldId,
          defs.map((d) => d.id),
        ),
      ),
    );
  const byField = new Map(values.map((v) => [v.fieldId, v.value]));
  return defs.map((f) => presentField(f, byField.get(f.id) ?? null));
}

/**
 * Stores the actor's values for fields of their customer; unknown names and values outside the options are a 422.
 * A coach writing for a learner (`target.coach`: callers check the rights) may also set the fields the learner may
 * not edit (`edit: false`).
 */
export async function updateUserFields(
  db: Db,
  actor: Actor,
  input: Record<string, string | number | null>,
  target: { userId: number; coach: boolean } = { userId: actor.userId, coach: false },
): Promise<ProfileField[]> {
  const defs = new Map((await fieldDefinitions(db, actor)).map((f) => [f.name, f]));
  const writable = (f: { edit: boolean }) => f.edit || target.coach;
  const editable = [...defs.values()].filter(writable).map((f) => f.name);
  const failures: Record<string, RuleFailure> = {};
  const writes: { fieldId: number; value: string | null }[] = [];
  for (const [name, raw] of Object.entries(input)) {
    const def = defs.get(name);
    if (!def || !writable(def) || !can(actor, 'field:write', def)) {
      failures[name] = { rule: 'oneOf', params: { values: editable.join(', ') } };
      continue;
    }
    const value = raw === null || raw === '' ? null : String(raw).trim();
    if (value !== null) {
      // the length first: no rule's pattern runs on more than a field holds
      if (!checkRule(value, { rule: 'max', length: FIELD_VALUE_MAX })) {
        failures[name] = { rule: 'max', params: { length: FIELD_VALUE_MAX } };
        continue;
      }
      if (def.type === 'select' && !checkRule(value, { rule: 'oneOf', values: def.options })) {
        failures[name] = { rule: 'oneOf', params: { values: def.options.join(', ') } };
        continue;
      }
      if (def.type === 'date' && !checkRule(value, { rule: 'date' })) {
        failures[name] = { rule: 'date', params: {} };
        continue;
      }
    }
    writes.push({ fieldId: def.id, value });
  }
  assertValid(failures);
  await db.transaction(async (tx) => {
    for (const w of writes) {
      if (w.value === null) {
        await tx
          .delete(userFieldValues)
          .where(and(eq(userFieldValues.userId, target.userId), eq(userFieldValues.fieldId, w.fieldId)));
      } else {
        await tx
          .insert(userFieldValues)
          .values({ userId: target.userId, fieldId: w.fieldId, value: w.value })
          .onConflictDoUpdate({ target: [userFieldValues.userId, userFieldValues.fieldId], set: { value: w.value } });
      }
    }
  });
  return listUserFields(db, actor, target.userId);
}
