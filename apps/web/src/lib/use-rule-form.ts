import { type Rule, type RuleFailure, validateForm } from '@cairn/shared/validation';
import { type ChangeEvent, type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Values = Record<string, string | boolean>;
type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
type BoolKeys<T> = { [K in keyof T]: T[K] extends boolean ? K : never }[keyof T] & string;

interface Options<T extends Values> {
  defaults: T;
  /** the shared §5 rules per field */
  rules: Partial<Record<keyof T & string, Rule[]>>;
  /** called on every edit, e.g. to clear a server message */
  onEdit?: () => void;
  /** checks beyond the rule set (e.g. a phone number's length for its country), reported like rule failures */
  check?: (values: T) => Partial<Record<keyof T & string, RuleFailure>>;
}

/**
 * A small form state hook over the shared rule set (the first-route budget has no room for a form library).
 * Errors show once a field was left or the form submitted; messages come from validation.{rule}.
 */
export function useRuleForm<T extends Values>({ defaults, rules, onEdit, check }: Options<T>) {
  const { t } = useTranslation('validation');
  const [values, setValues] = useState<T>(defaults);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const initial = useRef(defaults);

  const failures = useMemo(
    () => ({ ...check?.(values), ...validateForm(values, rules as Record<string, Rule[]>) }),
    [values, rules, check],
  ) as Record<string, RuleFailure>;
  const message = (field: string, f: RuleFailure) => {
    const name = t(`fields.${field}` as 'fields.email', { defaultValue: field });
    return t(f.rule, { ...f.params, field: name });
  };

  function set<K extends keyof T>(name: K, value: T[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    onEdit?.();
  }

  /** Props for a text input or select bound to `name`. */
  function register<K extends StringKeys<T>>(name: K) {
    return {
      name,
      value: values[name] as string,
      onBlur: () => setTouched((s) => ({ ...s, [name]: true })),
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(name, e.target.value as T[K]),
    };
  }

  /** Props for a checkbox bound to `name`. */
  function checkbox<K extends BoolKeys<T>>(name: K) {
    return {
      name,
      type: 'checkbox' as const,
      checked: values[name] as boolean,
      onBlur: () => setTouched((s) => ({ ...s, [name]: true })),
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.target.checked as T[K]),
    };
  }

  /** The message for `name` once shown (left or submitted); `format` words a failure its own way. */
  function error(name: keyof T & string, format?: (f: RuleFailure) => string): string | undefined {
    const f = failures[name];
    if (!f || !(touched[name] || submitted)) return undefined;
    return format ? format(f) : message(name, f);
  }

  /** Marks `name` as left, so its message shows (controls that do not blur like an input). */
  function touch(name: keyof T & string) {
    setTouched((s) => ({ ...s, [name]: true }));
  }

  function handleSubmit(fn: (values: T) => Promise<void> | void) {
    return async (e: FormEvent) => {
      e.preventDefault();
      setSubmitted(true);
      if (Object.keys(failures).length > 0 || submitting) return;
      setSubmitting(true);
      try {
        await fn(values);
      } finally {
        setSubmitting(false);
      }
    };
  }

  const isDirty = Object.keys(values).some((k) => values[k] !== initial.current[k]);
  return {
    values,
    /** sets one value (controls whose change is not an input event: phone, date picker) */
    setValue: set,
    touch,
    register,
    checkbox,
    error,
    handleSubmit,
    isValid: Object.keys(failures).length === 0,
    isSubmitting: submitting,
    isDirty,
  };
}
