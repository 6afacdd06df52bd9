import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { isAdminUser } from '../../features/admin';
import { useLocalePath } from '../../lib/use-locale';
import { useProfile } from '../../lib/use-profile';
import { EmptyState } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';

const tab =
  'flex min-h-11 shrink-0 items-center rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-accent aria-[current=page]:text-on-accent';

/**
 * The admin side (/admin/…, customer admins): a heading and the tab nav (People, Teams, Trails, Audit; Customers for
 * the deployment's operators) above the tab's screen. Anyone else sees that the pages are for admins; the server
 * refuses them either way.
 */
export default function AdminLayout() {
  const { t } = useTranslation(['admin', 'common', 'lti', 'xapi']);
  const localize = useLocalePath();
  const { data: user, isPending } = useProfile();
  if (isPending) {
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-8">
        <Spinner label={t('common:status.loading')} />
      </div>
    );
  }
  const admin = isAdminUser(user);
  const root = !!user?.is_root;
  const tabs: [string, string][] = admin
    ? [
        ['/admin/people', t('tabs.people')],
        ['/admin/teams', t('tabs.teams')],
        ['/admin/trails', t('tabs.trails')],
        ['/admin/audit', t('tabs.audit')],
        ['/admin/lti', t('lti:admin.tab')],
        ['/admin/xapi', t('xapi:tab')],
      ]
    : [];
  if (root) tabs.push(['/admin/customers', t('tabs.customers')]);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
      {tabs.length === 0 ? (
        <div className="mt-6">
          <EmptyState>{t('adminsOnly')}</EmptyState>
        </div>
      ) : (
        <>
          <nav aria-label={t('tabs.label')} className="mt-4 -mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
            {tabs.map(([path, label]) => (
              <NavLink key={path} to={localize(path)} className={tab}>
                {label}
              </NavLink>
            ))}
          </nav>
          <div className="mt-6">
            <Outlet />
          </div>
        </>
      )}
    </div>
  );
}
