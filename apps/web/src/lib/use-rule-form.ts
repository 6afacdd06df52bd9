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
}

/**
 * A small form state hook over the shared rule set (the first-route budget has no room for a form library).
 * Errors show once a field was left or the form submitted; messages come from validation.{rule}.
 */
export function useRuleForm<T extends Values>({ defaults, rules, onEdit }: Options<T>) {
  const { t } = useTranslation('validation');
  const [values, setValues] = useState<T>(defaults);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const initial = useRef(defaults);

  const failures = useMemo(() => validateForm(values, rules as Record<string, Rule[]>), [values, rules]);
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

  function error(name: keyof T & string): string | undefined {
    const f = failures[name];
    return f && (touched[name] || submitted) ? message(name, f) : undefined;
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
    register,
    checkbox,
    error,
    handleSubmit,
    isValid: Object.keys(failures).length === 0,
    isSubmitting: submitting,
    isDirty,
  };
}
