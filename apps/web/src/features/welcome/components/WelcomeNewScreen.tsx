import type { ProfileField, User } from '@cairn/shared/api/accounts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useLocalePath } from '../../../lib/use-locale';
import { useProfile } from '../../../lib/use-profile';
import { Button, buttonClass } from '../../../ui/Button';
import { PageHeading } from '../../../ui/PageHeading';
import { Spinner } from '../../../ui/Spinner';
import { AvatarPicker } from '../../media';
import { missingCheckpoints, ProfileFields, useProfileForm, useUserFields } from '../../profile';

function Onboarding({ user, fields }: { user: User; fields: ProfileField[] }) {
  const { t } = useTranslation(['welcome', 'me', 'common']);
  const localize = useLocalePath();
  const navigate = useNavigate();
  // what was missing on arrival stays on screen while the user fills it in
  const [missing] = useState(() => missingCheckpoints(user, fields));
  const keys = missing.filter((k) => k !== 'avatar');
  const profile = useProfileForm({ user, fields, keys, requireNames: false });

  const onSubmit = profile.submit(async ({ ok }) => {
    if (!ok) return;
    notify.success(t('me:edit.saved'));
    await navigate(localize('/games'));
  });

  if (missing.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4">
        <p className="text-slate-700">{t('new.complete')}</p>
        <Link to={localize('/games')} className={buttonClass('primary')}>
          {t('new.toGames')}
        </Link>
      </div>
    );
  }

  return (
    <form ref={profile.formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {missing.includes('avatar') && (
        <div>
          <p className="mb-2 text-sm font-medium text-slate-800">{t('new.avatar')}</p>
          <AvatarPicker user={user} />
        </div>
      )}
      <ProfileFields profile={profile} user={user} fields={fields} keys={keys} />
      <div className="flex flex-wrap items-center gap-3 pt-2">
        <Button type="submit" disabled={profile.saving}>
          {profile.saving ? t('common:actions.saving') : t('new.save')}
        </Button>
        <Link to={localize('/games')} className={buttonClass('ghost')}>
          {t('new.skip')}
        </Link>
      </div>
    </form>
  );
}

/** /welcome/new: the first-sign-in onboarding asking for the profile details still missing; save or skip to /games. */
export default function WelcomeNewScreen() {
  const { t } = useTranslation(['welcome', 'common']);
  const { data: user } = useProfile();
  const { data: fields } = useUserFields('editable');
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <PageHeading title={t('new.title')}>{t('new.lead')}</PageHeading>
      <div className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6">
        {user && fields ? <Onboarding user={user} fields={fields} /> : <Spinner label={t('common:status.loading')} />}
      </div>
    </section>
  );
}
