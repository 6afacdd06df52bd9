import type { User } from '@cairn/shared/api/accounts';
import { isSupportedLocale, LOCALES } from '@cairn/shared/locales';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { setLanguage } from '../../../lib/i18n';
import { localizePath, splitLocale, writeLanguageCookie } from '../../../lib/locale';
import { notify } from '../../../lib/notify';
import { useLocale, useLocalePath } from '../../../lib/use-locale';
import { useRuleForm } from '../../../lib/use-rule-form';
import { Button } from '../../../ui/Button';
import { PageHeading } from '../../../ui/PageHeading';
import { SelectField } from '../../../ui/SelectField';
import { Spinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import { useCountries, useProfile, useSupportedLanguages, useUpdateProfile } from '../../account/api';
import { AvatarPicker } from '../../media/components/AvatarPicker';

const RULES = {
  firstname: [{ rule: 'required' as const }, { rule: 'max' as const, length: 100 }],
  lastname: [{ rule: 'required' as const }, { rule: 'max' as const, length: 100 }],
  language: [{ rule: 'required' as const }],
  nationality: [],
};

/** A country's name in the interface language (the server's English name when the browser has none). */
function countryName(locale: string, code: string, fallback: string): string {
  try {
    return new Intl.DisplayNames([locale.replace('_', '-')], { type: 'region' }).of(code.toUpperCase()) ?? fallback;
  } catch {
    return fallback;
  }
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation(['me', 'common']);
  const locale = useLocale();
  const localize = useLocalePath();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const supported = useSupportedLanguages().data;
  const languages = supported ?? (user.supported_languages.length > 0 ? user.supported_languages : LOCALES);
  const countries = useCountries().data ?? [];
  const countryOptions = countries
    .map((c) => ({ value: String(c.id), label: countryName(locale, c.code, c.name) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale.replace('_', '-')));
  const form = useRuleForm({
    defaults: {
      firstname: user.firstname ?? '',
      lastname: user.lastname ?? '',
      language: isSupportedLocale(user.language) ? user.language : '',
      nationality: user.nationality_id === null ? '' : String(user.nationality_id),
    },
    rules: RULES,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { nationality, ...rest } = values;
      const saved = await update.mutateAsync({ ...rest, nationality_id: nationality ? Number(nationality) : null });
      notify.success(t('edit.saved'));
      if (isSupportedLocale(saved.language) && saved.language !== locale) {
        writeLanguageCookie(saved.language);
        await setLanguage(saved.language);
        navigate(localizePath(splitLocale(window.location.pathname).path, saved.language), { replace: true });
      }
    } catch {
      // the http client has already reported the failure
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('edit.firstname')}
          autoComplete="given-name"
          error={form.error('firstname')}
          {...form.register('firstname')}
        />
        <TextField
          label={t('edit.lastname')}
          autoComplete="family-name"
          error={form.error('lastname')}
          {...form.register('lastname')}
        />
      </div>
      <SelectField
        label={t('edit.language')}
        placeholder={t('edit.pleaseSelect')}
        options={languages.map((l) => ({ value: l.code, label: l.locale_name }))}
        error={form.error('language')}
        {...form.register('language')}
      />
      <SelectField
        label={t('edit.nationality')}
        placeholder={t('edit.pleaseSelect')}
        options={countryOptions}
        error={form.error('nationality')}
        {...form.register('nationality')}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending || !form.isDirty}>
          {update.isPending ? t('common:actions.saving') : t('edit.submit')}
        </Button>
        <Link to={localize('/me')} className="text-sm font-semibold underline underline-offset-4">
          {t('edit.back')}
        </Link>
      </div>
    </form>
  );
}

/** /me/edit: first name, last name and interface language, saved to the profile. */
export default function ProfileEditScreen() {
  const { t } = useTranslation(['me', 'common']);
  const { data: user } = useProfile();
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <PageHeading title={t('edit.title')} />
      <div className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6">
        {user ? (
          <>
            <AvatarPicker user={user} />
            <ProfileForm user={user} />
          </>
        ) : (
          <Spinner label={t('common:status.loading')} />
        )}
      </div>
    </section>
  );
}
