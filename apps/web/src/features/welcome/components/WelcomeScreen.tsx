import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/use-locale';
import { useProfile } from '../../../lib/use-profile';
import { buttonClass } from '../../../ui/Button';

/** The first-login greeting; its button goes on to the onboarding (/welcome/new) while the profile is incomplete. */
export default function WelcomeScreen() {
  const { t } = useTranslation('welcome');
  const { data: user } = useProfile();
  const localize = useLocalePath();
  const name = user?.firstname?.trim();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold sm:text-4xl">{name ? t('title', { name }) : t('titleAnonymous')}</h1>
      <p className="text-lg text-slate-600">{t('body')}</p>
      <Link
        to={localize(user && user.profile_completion < 100 ? '/welcome/new' : '/games')}
        className={buttonClass('primary', 'mt-4 px-8')}
      >
        {t('continue')}
      </Link>
    </section>
  );
}
