import type { ProfileField } from '@cairn/shared/api/accounts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { optionSlug } from '../fields';
import { fieldLabel } from '../use-profile-form';
import { DateField } from './DateField';

interface Props {
  field: ProfileField;
  value: string;
  error?: string;
  /** props of a bound input or select */
  bind: {
    name: string;
    value: string;
    onBlur: () => void;
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  };
  setValue: (value: string) => void;
}

/** One of the customer's custom profile fields: a select with the §9 options, a text or a date. */
export function CustomField({ field, value, error, bind, setValue }: Props) {
  const { t } = useTranslation('me');
  const label = fieldLabel(t, field);
  if (field.type === 'select') {
    const tr = t as unknown as (k: string, o: Record<string, unknown>) => string;
    const options = field.options.map((o) => ({
      value: o,
      label: tr(`edit.options.${optionSlug(o)}`, { defaultValue: o }),
    }));
    // a stored value the customer has since removed from the options still shows
    if (value && !field.options.includes(value)) options.unshift({ value, label: value });
    return <SelectField label={label} placeholder={t('edit.pleaseSelect')} options={options} error={error} {...bind} />;
  }
  if (field.type === 'date') {
    return (
      <DateField
        label={label}
        name={bind.name}
        value={value}
        onChange={setValue}
        onBlur={bind.onBlur}
        error={error}
        max="2100-12-31"
      />
    );
  }
  return <TextField label={label} maxLength={255} error={error} {...bind} />;
}

/** A field the coach sets (`edit: false`): shown, not editable, with a note saying so. */
export function ReadOnlyField({ field }: { field: ProfileField }) {
  const { t } = useTranslation('me');
  const id = useId();
  const tr = t as unknown as (k: string, o: Record<string, unknown>) => string;
  const value =
    field.type === 'select' && field.fieldValues
      ? tr(`edit.options.${optionSlug(field.fieldValues)}`, { defaultValue: field.fieldValues })
      : (field.fieldValues ?? '');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {fieldLabel(t, field)}
      </label>
      <input
        id={id}
        readOnly
        value={value || t('edit.notSetYet')}
        aria-describedby={`${id}-note`}
        className="min-h-11 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-3 py-2 text-base text-slate-700"
      />
      <p id={`${id}-note`} className="text-sm text-slate-600">
        {t('edit.setByCoach')}
      </p>
    </div>
  );
}
