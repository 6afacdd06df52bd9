import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { usePreviewMessages } from '../../features/preview/use-preview-messages';
import { useLocalePath } from '../../lib/use-locale';
import { BrandedMain } from '../../ui/BrandedMain';
import { BrandLogo } from '../../ui/Logo';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-accent text-on-accent' : 'text-slate-700 hover:bg-slate-100'}`;

/**
 * The preview layout of §2: the default layout's look (brand band, logo, Home and Me) around sample screens, with
 * no session. Colours, backgrounds and the logo come only from preview messages of allowed origins.
 */
export default function PreviewLayout() {
  const { t } = useTranslation(['nav', 'common']);
  const localize = useLocalePath();
  const { logo } = usePreviewMessages();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-t-4 border-b border-t-accent-2 border-b-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-3 py-2 sm:px-4">
          {logo ? (
            <img src={logo} alt={t('common:brand.logoAlt')} className="h-8 w-auto" data-testid="preview-logo" />
          ) : (
            <BrandLogo alt={t('common:brand.logoAlt')} className="h-8 w-auto" />
          )}
          <nav aria-label={t('preview.label')} className="flex gap-1">
            <NavLink to={localize('/preview/games')} className={linkClass}>
              {t('home')}
            </NavLink>
            <NavLink to={localize('/preview/me')} className={linkClass}>
              {t('me')}
            </NavLink>
          </nav>
          <p className="ms-auto rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">
            {t('preview.banner')}
          </p>
        </div>
      </header>
      <BrandedMain>
        <Outlet />
      </BrandedMain>
    </div>
  );
}
