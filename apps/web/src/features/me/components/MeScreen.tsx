import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { waitingForNetwork } from '../../../lib/last-known';
import { formatPercent } from '../../../lib/percent';
import { displayName } from '../../../lib/profile';
import { useLocalePath } from '../../../lib/use-locale';
import { useProfile } from '../../../lib/use-profile';
import { Avatar } from '../../../ui/Avatar';
import { buttonClass } from '../../../ui/Button';
import { EmptyState } from '../../../ui/PageHeading';
import { useMarkSeen } from '../../account';
import { BattleRecord, useMyBattles } from '../../battles';
import { DashboardCards, MeTotals, StartAgainList, useMeDashboard } from '../../dashboards';
import { CertificatesList } from '../../results';
import { RewardsList } from '../../rewards';

export default function MeScreen() {
  const { t, i18n } = useTranslation(['me', 'common']);
  const profile = useProfile();
  const user = profile.data;
  useMarkSeen('me');
  // the battle record, once the learner has battled (public users never reach /me)
  const record = useMyBattles(!!user).data?.summary;
  const dashboard = useMeDashboard(!!user).data;
  const localize = useLocalePath();
  const name = displayName(user);
  // long words (German) break by the language's hyphenation (<html lang> is the interface language), and as a
  // last resort anywhere, so no label or name is cut off on a phone (docs/me-and-coach.md)
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 hyphens-auto wrap-break-word">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t('profile.title')}</h1>
      {waitingForNetwork(profile) && (
        <div className="mb-6">
          <EmptyState>{t('common:offline.notLoaded')}</EmptyState>
        </div>
      )}
      {user && (
        <div className="mb-6 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
          {user.cover && <img src={user.cover} alt="" className="h-28 w-full object-cover sm:h-40" />}
          {/* on a phone the buttons go under the name; beside it from the sm breakpoint */}
          <div className="flex flex-col gap-4 p-4 sm:flex-row sm:flex-wrap sm:items-center">
            <div className="flex min-w-0 flex-1 items-start gap-4 sm:items-center">
              <Avatar url={user.avatar[0]?.url} name={name} alt="" size={64} />
              <div className="min-w-0 flex-1">
                <h2 className="text-lg font-semibold">{name}</h2>
                <p className="break-all text-slate-600">{user.email}</p>
                <div className="mt-2 max-w-xs">
                  <p id="profile-completion-label" className="text-sm text-slate-700">
                    {t('profile.completion', { percent: formatPercent(user.profile_completion, i18n.language) })}
                  </p>
                  <div
                    role="progressbar"
                    aria-labelledby="profile-completion-label"
                    aria-valuenow={user.profile_completion}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200"
                  >
                    <div className="h-full bg-emerald-600" style={{ width: `${user.profile_completion}%` }} />
                  </div>
                </div>
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link to={localize('/summary')} className={buttonClass('secondary')}>
                {t('profile.summary')}
              </Link>
              <Link to={localize('/me/edit')} className={buttonClass('secondary')}>
                {t('profile.edit')}
              </Link>
            </div>
          </div>
        </div>
      )}
      {dashboard && (
        <div className="mb-8 flex flex-col gap-8">
          <MeTotals totals={dashboard.totals} />
          <DashboardCards cards={dashboard.cards} />
        </div>
      )}
      {record && record.battles > 0 && (
        <div className="mb-6">
          <BattleRecord summary={record} />
        </div>
      )}
      <RewardsList />
      {dashboard && (
        <div className="mt-8">
          <CertificatesList certificates={dashboard.certificates} />
        </div>
      )}
      <div className="mt-8">
        <StartAgainList />
      </div>
    </section>
  );
}
