import type { ProfileField, User } from '@cairn/shared/api/accounts';
import { LOCALES } from '@cairn/shared/locales';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { useCountries, useSupportedLanguages } from '../../account';
import { customKey } from '../fields';
import type { useProfileForm } from '../use-profile-form';
import { CustomField, ReadOnlyField } from './CustomField';
import { DateField } from './DateField';
import { PhoneField } from './PhoneField';

type ProfileForm = ReturnType<typeof useProfileForm>;

/** A country's name in the interface language (the server's English name when the browser has none). */
function countryName(locale: string, code: string, fallback: string): string {
  try {
    return new Intl.DisplayNames([locale.replace('_', '-')], { type: 'region' }).of(code.toUpperCase()) ?? fallback;
  } catch {
    return fallback;
  }
}

interface Props {
  profile: ProfileForm;
  user: User;
  fields: readonly ProfileField[];
  /** the form keys to show (onboarding: the missing ones); every field when left out */
  keys?: readonly string[];
}

/** The profile controls shared by /me/edit and /welcome/new. */
export function ProfileFields({ profile, user, fields, keys }: Props) {
  const { t } = useTranslation('me');
  const locale = useLocale();
  const show = (key: string) => !keys || keys.includes(key);
  const supported = useSupportedLanguages().data;
  const languages = supported ?? (user.supported_languages.length > 0 ? user.supported_languages : LOCALES);
  const countries = useCountries().data ?? [];
  const countryOptions = countries
    .map((c) => ({ value: String(c.id), label: countryName(locale, c.code, c.name) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale.replace('_', '-')));
  const { error, register, setValue, touch, values } = profile;
  const readOnly = keys ? [] : fields.filter((f) => !f.edit);

  return (
    <>
      {(show('firstname') || show('lastname')) && (
        <div className="grid gap-4 sm:grid-cols-2">
          {show('firstname') && (
            <TextField
              label={t('edit.firstname')}
              autoComplete="given-name"
              maxLength={100}
              error={error('firstname')}
              {...register('firstname')}
            />
          )}
          {show('lastname') && (
            <TextField
              label={t('edit.lastname')}
              autoComplete="family-name"
              maxLength={100}
              error={error('lastname')}
              {...register('lastname')}
            />
          )}
        </div>
      )}
      {(show('mobile') || show('birth')) && (
        <div className="grid gap-4 sm:grid-cols-2">
          {show('mobile') && (
            <PhoneField
              label={t('edit.mobile')}
              name="mobile"
              value={values.mobile}
              onChange={(v) => setValue('mobile', v)}
              onBlur={() => touch('mobile')}
              error={error('mobile')}
            />
          )}
          {show('birth') && (
            <DateField
              label={t('edit.birth')}
              name="birth"
              value={values.birth}
              onChange={(v) => setValue('birth', v)}
              onBlur={() => touch('birth')}
              error={error('birth')}
            />
          )}
        </div>
      )}
      {(show('nationality') || show('language')) && (
        <div className="grid gap-4 sm:grid-cols-2">
          {show('nationality') && (
            <SelectField
              label={t('edit.nationality')}
              placeholder={t('edit.pleaseSelect')}
              options={countryOptions}
              error={error('nationality')}
              {...register('nationality')}
            />
          )}
          {show('language') && (
            <SelectField
              label={t('edit.language')}
              placeholder={t('edit.pleaseSelect')}
              options={languages.map((l) => ({ value: l.code, label: l.locale_name }))}
              error={error('language')}
              {...register('language')}
            />
          )}
        </div>
      )}
      {profile.editable.length + readOnly.length > 0 && (
        <fieldset className="flex flex-col gap-4 border-t border-slate-200 pt-4">
          <legend className="sr-only">{t('edit.moreAboutYou')}</legend>
          <p aria-hidden="true" className="text-base font-semibold text-slate-900">
            {t('edit.moreAboutYou')}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {profile.editable.map((f) => {
              const key = customKey(f.name);
              return (
                <CustomField
                  key={f.name}
                  field={f}
                  value={values[key]}
                  error={error(key)}
                  bind={register(key)}
                  setValue={(v) => setValue(key, v)}
                />
              );
            })}
            {readOnly.map((f) => (
              <ReadOnlyField key={f.name} field={f} />
            ))}
          </div>
        </fieldset>
      )}
    </>
  );
}
