import type { ProfileField, ProfileUpdate, User } from '@cairn/shared/api/accounts';
import { isSupportedLocale } from '@cairn/shared/locales';
import type { Rule, RuleFailure } from '@cairn/shared/validation';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, http } from '../../lib/http';
import { profileKey } from '../../lib/profile';
import { useRuleForm } from '../../lib/use-rule-form';
import { saveUserFields, userFieldsKey } from './api';
import { isPlausibleBirth } from './birth-date';
import { customKey, type StandardKey } from './fields';
import { isPossibleMobile, MOBILE_PATTERN, toE164 } from './phone';

type Values = Record<string, string>;

export interface ProfileFormOptions {
  user: User;
  fields: readonly ProfileField[];
  /** the form keys this form asks for (onboarding: the missing ones); all when left out */
  keys?: readonly string[];
  /** names required (the edit screen); onboarding saves whatever was filled */
  requireNames?: boolean;
}

export interface SaveResult {
  ok: boolean;
  user?: User;
}

/** POST /api/user/profile; its 422s come back to the form. */
function saveProfile(patch: ProfileUpdate): Promise<User> {
  return http.post<{ data: User }>('/api/user/profile', patch, { handle: [422] }).then((r) => r.data);
}

/** Server field names → form keys. */
const SERVER_KEY: Record<string, StandardKey> = { nationality_id: 'nationality' };

/**
 * The profile form of /me/edit and /welcome/new: the standard fields and the custom ones over one rule form,
 * saved with POST /api/user/fields then POST /api/user/profile (whose answer then carries the new completion);
 * the server's 422 field errors are kept per field until that field changes.
 */
export function useProfileForm({ user, fields, keys, requireNames = true }: ProfileFormOptions) {
  const { t } = useTranslation(['me', 'validation']);
  const qc = useQueryClient();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const inScope = useCallback((key: string) => !keys || keys.includes(key), [keys]);
  const editable = useMemo(() => fields.filter((f) => f.edit && inScope(customKey(f.name))), [fields, inScope]);

  const defaults = useMemo<Values>(() => {
    const v: Values = {
      firstname: user.firstname ?? '',
      lastname: user.lastname ?? '',
      mobile: toE164(user.mobile),
      birth: user.birth ?? '',
      nationality: user.nationality_id === null ? '' : String(user.nationality_id),
      language: isSupportedLocale(user.language) ? user.language : '',
    };
    for (const f of fields) v[customKey(f.name)] = f.fieldValues ?? '';
    return v;
  }, [user, fields]);

  const rules = useMemo(() => {
    const names: Rule[] = requireNames ? [{ rule: 'required' }] : [];
    const r: Record<string, Rule[]> = {
      firstname: [...names, { rule: 'max', length: 100 }],
      lastname: [...names, { rule: 'max', length: 100 }],
      mobile: [{ rule: 'regex', pattern: MOBILE_PATTERN }],
      birth: [{ rule: 'date' }],
      language: inScope('language') ? [{ rule: 'required' }] : [],
    };
    for (const f of editable) r[customKey(f.name)] = [{ rule: 'max', length: 255 }];
    return r;
  }, [requireNames, inScope, editable]);

  const check = useCallback((v: Values) => {
    const out: Record<string, RuleFailure> = {};
    if (v.mobile && !isPossibleMobile(v.mobile)) out.mobile = { rule: 'regex', params: { pattern: MOBILE_PATTERN } };
    if (v.birth && /^\d{4}-\d{2}-\d{2}$/.test(v.birth) && !isPlausibleBirth(v.birth)) {
      out.birth = { rule: 'date', params: { range: 'birth' } };
    }
    return out;
  }, []);

  const form = useRuleForm<Values>({ defaults, rules, check });

  /** A field's label for messages: the validation name of a standard field, else its visible label. */
  const labelOf = useCallback(
    (key: string) => {
      if (key === 'nationality') return t('me:edit.nationality');
      const custom = fields.find((f) => customKey(f.name) === key);
      if (custom) return fieldLabel(t, custom);
      return t(`validation:fields.${key}` as 'validation:fields.email', { defaultValue: key });
    },
    [fields, t],
  );

  const describe = useCallback(
    (key: string, f: RuleFailure) => {
      if (key === 'birth' && f.params.range) return t('me:edit.birthRange');
      if (f.rule === 'date') return t('me:edit.birthFormat');
      if (key === 'mobile') return t('me:edit.mobileInvalid');
      const tr = t as unknown as (k: string, o: Record<string, unknown>) => string;
      return tr(`validation:${f.rule}`, { ...f.params, field: labelOf(key) });
    },
    [labelOf, t],
  );

  /** The message under a control: the server's until that field changes, else the rule form's. */
  const error = (key: string) => serverErrors[key] ?? form.error(key, (f) => describe(key, f));

  const clearServer = (key: string) =>
    setServerErrors((s) => {
      if (!(key in s)) return s;
      const { [key]: _, ...rest } = s;
      return rest;
    });

  /** Props for an input or select bound to `key`. */
  const register = (key: string) => {
    const base = form.register(key);
    return {
      ...base,
      onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        clearServer(key);
        base.onChange(e);
      },
    };
  };

  const setValue = (key: string, value: string) => {
    clearServer(key);
    form.setValue(key, value);
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  /** The submit handler: resolves with ok when everything in scope was stored. */
  const submit = (onDone: (result: SaveResult) => void | Promise<void>) => {
    const handler = form.handleSubmit(async (values) => {
      setSaving(true);
      const errors: Record<string, string> = {};
      const collect = (err: unknown, toKey: (field: string) => string) => {
        if (!(err instanceof HttpError) || err.status !== 422) return false;
        for (const [field, messages] of Object.entries(err.body?.errors ?? {})) {
          const key = toKey(field);
          const rule = err.body?.rules?.[field];
          errors[key] = rule ? describe(key, rule as RuleFailure) : (messages[0] ?? '');
        }
        return true;
      };
      let failed = false;
      let saved: User | undefined;
      try {
        const custom: Record<string, string | null> = {};
        for (const f of editable) {
          const value = values[customKey(f.name)].trim();
          if (value !== (f.fieldValues ?? '')) custom[f.name] = value === '' ? null : value;
        }
        if (Object.keys(custom).length > 0) {
          try {
            qc.setQueryData([...userFieldsKey, 'all'], await saveUserFields(custom));
            void qc.invalidateQueries({ queryKey: [...userFieldsKey, 'editable'] });
          } catch (err) {
            if (!collect(err, customKey)) throw err;
            failed = true;
          }
        }
        // the changed standard fields only: a form that changed nothing there sends nothing
        const changed = (key: StandardKey) => inScope(key) && values[key] !== defaults[key];
        const patch: ProfileUpdate = {};
        if (changed('firstname')) patch.firstname = values.firstname;
        if (changed('lastname')) patch.lastname = values.lastname;
        if (changed('mobile')) patch.mobile = values.mobile || null;
        if (changed('birth')) patch.birth = values.birth || null;
        if (changed('nationality')) patch.nationality_id = values.nationality ? Number(values.nationality) : null;
        if (changed('language')) patch.language = values.language;
        // sent after the custom fields, so the answer's completion counts both
        if (Object.keys(patch).length > 0 || Object.keys(custom).length > 0) {
          try {
            saved = await saveProfile(patch);
            qc.setQueryData(profileKey, saved);
          } catch (err) {
            if (!collect(err, (f) => SERVER_KEY[f] ?? f)) throw err;
            failed = true;
          }
        }
      } catch {
        // anything but a 422 was reported by the http client; the form stays as it is
        failed = true;
      } finally {
        setSaving(false);
      }
      setServerErrors(errors);
      await onDone({ ok: !failed, user: saved });
    });
    return (e: React.FormEvent) => {
      void handler(e).then(focusFirstError);
    };
  };

  return { form, formRef, values: form.values, error, register, setValue, touch: form.touch, submit, saving, editable };
}

/** A custom field's label in the interface language (the §9 fields are translated; others show the customer's). */
export function fieldLabel(t: unknown, f: Pick<ProfileField, 'name' | 'label'>): string {
  const tr = t as (k: string, o: Record<string, unknown>) => string;
  return tr(`me:edit.customFields.${f.name}`, { defaultValue: f.label });
}
