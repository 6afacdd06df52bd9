import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useLocalePath } from '../../lib/use-locale';
import { BrandLogo } from '../../ui/Logo';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-accent text-on-accent' : 'text-slate-700 hover:bg-slate-100'}`;

/** Mirrors the home and me screens for the customer's colour preview tool. */
export default function PreviewLayout() {
  const { t } = useTranslation(['nav', 'common']);
  const localize = useLocalePath();
  return (
    <div className="min-h-dvh">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2">
        <BrandLogo alt={t('common:brand.logoAlt')} className="h-8 w-auto" />
        <p className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">
          {t('preview.banner')}
        </p>
        <nav aria-label={t('preview.label')} className="flex gap-1">
          <NavLink to={localize('/preview/games')} className={linkClass}>
            {t('home')}
          </NavLink>
          <NavLink to={localize('/preview/me')} className={linkClass}>
            {t('me')}
          </NavLink>
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </div>
  );
}
