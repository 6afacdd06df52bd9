import type { ProfileField, User } from '@cairn/shared/api/accounts';
import { isSupportedLocale } from '@cairn/shared/locales';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { setLanguage } from '../../../lib/i18n';
import { localizePath, splitLocale, writeLanguageCookie } from '../../../lib/locale';
import { notify } from '../../../lib/notify';
import { useLocale, useLocalePath } from '../../../lib/use-locale';
import { useProfile } from '../../../lib/use-profile';
import { Button } from '../../../ui/Button';
import { PageHeading } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { AvatarPicker } from '../../media';
import { DeleteAccount, ProfileFields, useProfileForm, useUserFields } from '../../profile';

function ProfileForm({ user, fields, onSaved }: { user: User; fields: ProfileField[]; onSaved: () => void }) {
  const { t } = useTranslation(['me', 'common']);
  const locale = useLocale();
  const localize = useLocalePath();
  const navigate = useNavigate();
  const profile = useProfileForm({ user, fields });

  const onSubmit = profile.submit(async ({ ok, user: saved }) => {
    if (!ok) return;
    notify.success(t('edit.saved'));
    onSaved();
    if (saved && isSupportedLocale(saved.language) && saved.language !== locale) {
      writeLanguageCookie(saved.language);
      await setLanguage(saved.language);
      navigate(localizePath(splitLocale(window.location.pathname).path, saved.language), { replace: true });
    }
  });

  return (
    <form ref={profile.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <ProfileFields profile={profile} user={user} fields={fields} />
      <div className="flex flex-wrap items-center gap-3 pt-2">
        <Button type="submit" disabled={profile.saving || !profile.form.isDirty}>
          {profile.saving ? t('common:actions.saving') : t('edit.submit')}
        </Button>
        <Link to={localize('/me')} className="text-sm font-semibold underline underline-offset-4">
          {t('edit.back')}
        </Link>
      </div>
    </form>
  );
}

/** /me/edit: avatar, names, mobile, birth date, nationality, language and the custom fields; delete account. */
export default function ProfileEditScreen() {
  const { t } = useTranslation(['me', 'common']);
  const { data: user } = useProfile();
  const { data: fields } = useUserFields('all');
  // a full save starts the form again from what was stored (nothing left to save)
  const [version, setVersion] = useState(0);
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <PageHeading title={t('edit.title')} />
      <div className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6">
        {user && fields ? (
          <>
            <AvatarPicker user={user} />
            <ProfileForm key={version} user={user} fields={fields} onSaved={() => setVersion((v) => v + 1)} />
          </>
        ) : (
          <Spinner label={t('common:status.loading')} />
        )}
      </div>
      {user && <DeleteAccount />}
    </section>
  );
}
