import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayName } from '../../../lib/profile';
import { useLocalePath } from '../../../lib/use-locale';
import { useProfile } from '../../../lib/use-profile';
import { Avatar } from '../../../ui/Avatar';
import { buttonClass } from '../../../ui/Button';
import { useMarkSeen } from '../../account';
import { BattleRecord, useMyBattles } from '../../battles';
import { DashboardCards, MeTotals, StartAgainList, useMeDashboard } from '../../dashboards';
import { CertificatesList } from '../../results';
import { RewardsList } from '../../rewards';

export default function MeScreen() {
  const { t } = useTranslation('me');
  const { data: user } = useProfile();
  useMarkSeen('me');
  // the battle record, once the learner has battled (public users never reach /me)
  const record = useMyBattles(!!user).data?.summary;
  const dashboard = useMeDashboard(!!user).data;
  const localize = useLocalePath();
  const name = displayName(user);
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t('profile.title')}</h1>
      {user && (
        <div className="mb-6 overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
          {user.cover && <img src={user.cover} alt="" className="h-28 w-full object-cover sm:h-40" />}
          <div className="flex flex-wrap items-center gap-4 p-4">
            <Avatar url={user.avatar[0]?.url} name={name} alt="" size={64} />
            <div className="min-w-0 flex-1">
              <p className="truncate text-lg font-semibold">{name}</p>
              <p className="truncate text-slate-600">{user.email}</p>
              <div className="mt-2 max-w-xs">
                <p id="profile-completion-label" className="text-sm text-slate-700">
                  {t('profile.completion', { percent: user.profile_completion })}
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
            <Link to={localize('/summary')} className={buttonClass('secondary')}>
              {t('profile.summary')}
            </Link>
            <Link to={localize('/me/edit')} className={buttonClass('secondary')}>
              {t('profile.edit')}
            </Link>
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
